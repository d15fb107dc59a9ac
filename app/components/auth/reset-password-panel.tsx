import { LoaderCircle } from "lucide-react";
import { Link, useLocation } from "react-router";
import { FormNotice } from "~/components/settings/form-notice";
import { IntentForm, useIntentForm } from "~/components/settings/intent-form";
import { useIntentResult } from "~/components/settings/use-intent-result";
import { buttonClass } from "~/components/ui/button";
import { PasswordField } from "~/components/ui/person-fields";
import { resetPasswordSchema } from "~/shared/auth-schemas";
import { cn } from "~/shared/cn";
import { PASSWORD_HINT } from "~/shared/password-rules";
import type { ResetLink } from "~/shared/reset-link";
import { authSubmit } from "./auth-card";
import { DelayedRedirect } from "./delayed-redirect";

/** Shown while a reset link is being checked (spec §2.3). */
export function CheckingResetLink() {
  return (
    <p role="status" className="flex items-center justify-center gap-3 text-lg text-muted">
      <LoaderCircle aria-hidden className="size-6 animate-spin" />
      جارٍ التحقق من رابط إعادة تعيين كلمة المرور…
    </p>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { form, fields } = useIntentForm("reset-password", resetPasswordSchema);
  return (
    <IntentForm
      form={form}
      submit={authSubmit("reset-password", "جارٍ الحفظ…", "حفظ كلمة المرور الجديدة")}
    >
      <input type="hidden" name="token" value={token} />
      <PasswordField
        isNew
        label="كلمة المرور الجديدة"
        meta={fields.password}
        hint={PASSWORD_HINT}
      />
      <PasswordField isNew label="تأكيد كلمة المرور" meta={fields.confirmPassword} />
    </IntentForm>
  );
}

/** Reset mode: the new-password form for a valid link, otherwise why not and where next. */
export function ResetPasswordPanel({ link }: { link: ResetLink }) {
  const location = useLocation();
  // After submitting, the outcome wins over the (now used) link's state.
  const result = useIntentResult("reset-password");
  if (result?.redirect && result.notice) {
    return (
      <div className="space-y-4">
        <FormNotice tone={result.notice.tone}>{result.notice.message}</FormNotice>
        <DelayedRedirect to={result.redirect.to} afterMs={result.redirect.afterMs} />
      </div>
    );
  }
  if (link.status === "valid") return <NewPasswordForm token={link.token} />;
  return (
    <div className="space-y-4">
      <FormNotice tone="error">{link.message}</FormNotice>
      {link.redirect ? (
        <>
          <Link
            to="/auth?tab=forgot"
            replace
            className={cn(buttonClass("default", "lg"), "w-full")}
          >
            طلب رابط جديد
          </Link>
          <DelayedRedirect to={link.redirect.to} afterMs={link.redirect.afterMs} />
        </>
      ) : (
        <p className="text-center">
          <Link
            reloadDocument
            to={`${location.pathname}${location.search}`}
            className="font-medium text-primary-dark underline"
          >
            إعادة المحاولة
          </Link>
        </p>
      )}
    </div>
  );
}
