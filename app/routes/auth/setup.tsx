import { getFormProps, useForm } from "@conform-to/react";
import { Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { labelledFields } from "~/components/labelled-fields";
import { AssociationLogo } from "~/components/logo";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { InputField } from "~/components/ui/field";
import { EmailField, NameField, PasswordField } from "~/components/ui/person-fields";
import { checkSetupCode } from "~/models/setup-code.server";
import { createFirstAdmin, isSetupComplete, SetupClosedError } from "~/models/users.server";
import { clientAddress } from "~/services/auth.server";
import { formAnswer } from "~/shared/action-result";
import { SETUP_CODE_WRONG, setupSchema } from "~/shared/auth-schemas";
import { browserValidation, parseForm } from "~/shared/form-validation";
import { tooManyAttempts } from "~/utils/auth-errors.server";
import { readFormData } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => [
  { title: "الإعداد الأول | جمعية رفق" },
  { name: "robots", content: "noindex" },
];

/**
 * First run only: once an administrator exists this page is gone for good. The link printed at
 * start-up carries the one-time code (`?code=`), which fills the code field.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (await isSetupComplete()) throw redirect("/login");
  const code = new URL(request.url).searchParams.get("code") ?? "";
  return { code: code.slice(0, 200) };
}

export async function action({ request }: Route.ActionArgs) {
  if (await isSetupComplete()) throw new SetupClosedError();
  const submission = parseForm(await readFormData(request), { schema: setupSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") {
    return formAnswer({ reply: submission.reply({ hideFields }) }, { status: 400 });
  }
  const check = await checkSetupCode(submission.value.code, clientAddress(request));
  if (check.status !== "correct") {
    const limited = check.status === "limited";
    const message = limited ? tooManyAttempts(check.retryAfterSeconds) : SETUP_CODE_WRONG;
    return formAnswer(
      { reply: submission.reply({ fieldErrors: { code: [message] }, hideFields }) },
      {
        status: limited ? 429 : 400,
        headers: limited ? { "Retry-After": String(check.retryAfterSeconds) } : undefined,
      },
    );
  }
  await createFirstAdmin(submission.value);
  return redirectWithToast("/login", {
    type: "success",
    title: "تم الإنشاء",
    description: "أُنشئ حساب المدير، سجّل الدخول للمتابعة",
  });
}

const LABELS = {
  code: "رمز الإعداد",
  fullName: "الاسم الكامل",
  email: "البريد الإلكتروني",
  password: "كلمة المرور",
};

export default function Setup() {
  const { code } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.reply;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { code },
    ...browserValidation(setupSchema),
  });
  return (
    <main className="flex min-h-screen items-center justify-center bg-surface p-4">
      <div className="w-full max-w-md space-y-6 rounded-3xl bg-white p-8 shadow-lg">
        <div className="space-y-2 text-center">
          <AssociationLogo className="mx-auto h-16" />
          <h1 className="text-2xl">إعداد الموقع لأول مرة</h1>
          <p className="text-muted">
            أنشئ حساب المدير الأول للموقع. تظهر هذه الصفحة مرة واحدة فقط.
          </p>
        </div>
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <ErrorSummary fields={labelledFields(fields, LABELS)} />
          <InputField
            label={LABELS.code}
            meta={fields.code}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            hint="الرمز المطبوع في سجل الخادم عند تشغيله، أو قيمة SETUP_CODE"
          />
          <NameField label={LABELS.fullName} meta={fields.fullName} />
          <EmailField label={LABELS.email} meta={fields.email} />
          <PasswordField
            isNew
            label={LABELS.password}
            meta={fields.password}
            hint="6 أحرف على الأقل، وتجمع بين الحروف والأرقام"
          />
          <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
            إنشاء حساب المدير
          </Button>
        </Form>
      </div>
    </main>
  );
}
