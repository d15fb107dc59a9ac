import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { AssociationLogo } from "~/components/logo";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { createFirstAdmin, isSetupComplete, SetupClosedError } from "~/models/users.server";
import { setupSchema } from "~/utils/auth-schemas";
import { passwordProblem } from "~/utils/password-rules";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => [{ title: "الإعداد الأول | جمعية رفق" }];

/** First run only: once an administrator exists this page is gone for good. */
export async function loader() {
  if (await isSetupComplete()) throw redirect("/login");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  if (await isSetupComplete()) throw new Response("تم إعداد الموقع مسبقاً", { status: 403 });
  const submission = parseWithZod(await request.formData(), {
    schema: setupSchema.superRefine((value, ctx) => {
      const problem = passwordProblem(value.password);
      if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
    }),
  });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  try {
    await createFirstAdmin(submission.value);
  } catch (error) {
    if (error instanceof SetupClosedError)
      throw new Response("تم إعداد الموقع مسبقاً", { status: 403 });
    throw error;
  }
  return redirectWithToast("/login", {
    type: "success",
    title: "تم الإنشاء",
    description: "أُنشئ حساب المدير، سجّل الدخول للمتابعة",
  });
}

export default function Setup() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setupSchema }),
    shouldRevalidate: "onBlur",
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
          <InputField label="الاسم الكامل" meta={fields.fullName} autoComplete="name" />
          <InputField
            label="البريد الإلكتروني"
            meta={fields.email}
            type="email"
            autoComplete="email"
            dir="ltr"
          />
          <InputField
            label="كلمة المرور"
            meta={fields.password}
            type="password"
            autoComplete="new-password"
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
