import { Link } from "react-router";
import { FormNotice } from "~/components/settings/form-notice";
import { IntentForm, useIntentForm } from "~/components/settings/intent-form";
import { buttonClass } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/person-fields";
import {
  type TwoFactorIntent,
  twoFactorConfirmSchema,
  twoFactorPasswordSchema,
} from "~/shared/auth-schemas";
import { cn } from "~/shared/cn";

/** A step that asks for the account's password first (start, turn off, new recovery codes). */
function PasswordStepForm({
  intent,
  label,
  pendingLabel,
  variant = "default",
}: {
  intent: TwoFactorIntent;
  label: string;
  pendingLabel: string;
  variant?: "default" | "outline" | "destructive";
}) {
  const { form, fields } = useIntentForm(intent, twoFactorPasswordSchema, "onSubmit");
  return (
    <IntentForm
      form={form}
      className="space-y-4"
      submit={{ intent, variant, className: "w-full", pendingLabel, children: label }}
    >
      <PasswordField label="كلمة المرور الحالية" meta={fields.password} />
    </IntentForm>
  );
}

const REQUIRED_NOTICE = "التحقق بخطوتين إلزامي لحسابات المديرين في هذا الموقع.";

/** Off: what it is, and the first step (the password). */
export function TwoFactorOff({ required }: { required: boolean }) {
  return (
    <div className="space-y-5">
      {required && <FormNotice tone="error">{REQUIRED_NOTICE} فعّله للمتابعة.</FormNotice>}
      <p>
        عند تفعيله يُطلب منك عند كل تسجيل دخول رمز من تطبيق مصادقة على هاتفك (مثل Google
        Authenticator أو Microsoft Authenticator)، فلا تكفي كلمة المرور وحدها لدخول حسابك.
      </p>
      <PasswordStepForm intent="two-factor-start" label="بدء الإعداد" pendingLabel="جارٍ التحضير…" />
    </div>
  );
}

/** Waiting for the first code: the QR code, the key to type instead, and the code field. */
export function TwoFactorPending({ setup }: { setup: { qrCode: string; manualKey: string } }) {
  const { form, fields } = useIntentForm("two-factor-confirm", twoFactorConfirmSchema, "onSubmit");
  return (
    <div className="space-y-5">
      <ol className="list-inside list-decimal space-y-2">
        <li>افتح تطبيق المصادقة على هاتفك واختر إضافة حساب.</li>
        <li>امسح رمز QR التالي بكاميرا التطبيق.</li>
        <li>اكتب الرمز المكوّن من 6 أرقام الذي يظهر في التطبيق.</li>
      </ol>
      <img
        src={setup.qrCode}
        alt="رمز QR لإضافة حسابك إلى تطبيق المصادقة"
        width={240}
        height={240}
        className="mx-auto size-60 rounded-xl border border-line bg-white p-2"
      />
      <div className="space-y-1 text-center">
        <p className="text-sm text-muted">لا تستطيع المسح؟ أدخل هذا المفتاح في التطبيق يدوياً:</p>
        <code dir="ltr" className="block break-all rounded-xl bg-surface px-3 py-2 font-mono">
          {setup.manualKey}
        </code>
      </div>
      <IntentForm
        form={form}
        className="space-y-4"
        submit={{
          intent: "two-factor-confirm",
          className: "w-full",
          pendingLabel: "جارٍ التحقق…",
          children: "تأكيد وتفعيل",
        }}
      >
        <InputField
          label="الرمز من التطبيق"
          meta={fields.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
        />
      </IntentForm>
    </div>
  );
}

/** On: new recovery codes, and turning it off (not for administrators when it is required). */
export function TwoFactorOn({ required }: { required: boolean }) {
  return (
    <div className="space-y-6">
      <FormNotice tone="success">التحقق بخطوتين مفعّل لحسابك.</FormNotice>
      <section className="space-y-3">
        <h2 className="text-lg">رموز استرداد جديدة</h2>
        <p className="text-muted">
          إن فقدت رموزك أو استخدمت أغلبها، أنشئ رموزاً جديدة؛ تتوقف القديمة عن العمل.
        </p>
        <PasswordStepForm
          intent="two-factor-new-codes"
          label="إنشاء رموز جديدة"
          pendingLabel="جارٍ الإنشاء…"
          variant="outline"
        />
      </section>
      <section className="space-y-3">
        <h2 className="text-lg">إيقاف التحقق بخطوتين</h2>
        {required ? (
          <p className="text-muted">{REQUIRED_NOTICE}</p>
        ) : (
          <PasswordStepForm
            intent="two-factor-disable"
            label="إيقاف التحقق بخطوتين"
            pendingLabel="جارٍ الإيقاف…"
            variant="destructive"
          />
        )}
      </section>
    </div>
  );
}

/** Shown once, right after they are made: the codes that replace the phone when it is lost. */
export function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  return (
    <div className="space-y-5">
      <FormNotice tone="success">
        احفظ رموز الاسترداد هذه في مكان آمن الآن؛ لن تظهر مرة أخرى. يُستخدم كل رمز مرة واحدة لتسجيل
        الدخول إن لم يكن هاتفك معك.
      </FormNotice>
      <ul
        dir="ltr"
        aria-label="رموز الاسترداد"
        className="grid grid-cols-2 gap-2 rounded-2xl bg-surface p-4 text-center font-mono"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Link to={next} className={cn(buttonClass("default", "lg"), "w-full")}>
        حفظتها، متابعة
      </Link>
    </div>
  );
}
