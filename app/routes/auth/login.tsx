import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
} from "react-router";
import { AssociationLogo } from "~/components/logo";
import { staffHome } from "~/components/site-header";
import { Button } from "~/components/ui/button";
import { FieldErrors, InputField } from "~/components/ui/field";
import { isSetupComplete } from "~/models/users.server";
import { getAuth } from "~/utils/auth.server";
import { authErrorMessage } from "~/utils/auth-errors.server";
import { signInSchema } from "~/utils/auth-schemas";
import { getActor } from "~/utils/permissions.server";
import { hasRole, type Role } from "~/utils/roles";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "تسجيل الدخول | جمعية رفق" }];

/** Where a signed-in user belongs: staff to their area, everyone else to the site. */
function homeFor(role: Role) {
  return hasRole({ role }, "editor") ? staffHome({ role, fullName: "" }) : "/";
}

export async function loader({ request }: Route.LoaderArgs) {
  if (!(await isSetupComplete())) throw redirect("/setup");
  const actor = await getActor(request);
  if (actor) throw redirect(homeFor(actor.role));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: signInSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password, redirectTo } = submission.value;
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    const role = (response.user as { role?: Role }).role ?? "viewer";
    return redirectWithToast(
      safeRedirect(redirectTo, homeFor(role)),
      { type: "success", title: "تم تسجيل الدخول", description: "تم إنشاء جلسة جديدة بنجاح" },
      { headers },
    );
  } catch (error) {
    return data(
      submission.reply({ formErrors: [authErrorMessage(error)], hideFields: ["password"] }),
      { status: 400 },
    );
  }
}

export default function Login() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    shouldRevalidate: "onBlur",
  });
  return (
    <main className="flex min-h-screen items-center justify-center bg-surface p-4">
      <div className="w-full max-w-md space-y-6 rounded-3xl bg-white p-8 shadow-lg">
        <div className="space-y-2 text-center">
          <AssociationLogo className="mx-auto h-16" />
          <h1 className="text-2xl">تسجيل الدخول</h1>
        </div>
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
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
            autoComplete="current-password"
          />
          <FieldErrors id={form.errorId} errors={form.errors} />
          <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
            تسجيل الدخول
          </Button>
        </Form>
        <Link to="/" className="block text-center text-primary hover:underline">
          العودة إلى الموقع الرئيسي
        </Link>
      </div>
    </main>
  );
}
