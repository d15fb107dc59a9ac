import { Mail } from "lucide-react";
import { Form, Link, useActionData, useSearchParams } from "react-router";
import { Text } from "~/components/content-block";
import { HoneypotField } from "~/components/outreach/honeypot-field";
import { FormNotice } from "~/components/settings/form-notice";
import { SubmitButton } from "~/components/settings/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors } from "~/components/ui/field";
import type { ActionResult } from "~/shared/action-result";
import { HONEYPOT_FIELD } from "~/shared/honeypot";

export const NEWSLETTER_INTENT = "newsletter";
const NEWSLETTER_EMAIL = "newsletter-email";
const NEWSLETTER_EMAIL_ERROR = "newsletter-email-error";
const NEWSLETTER_FORM_ERROR = "newsletter-form-error";

/** Where the news page's action sends a subscriber (the notice below the box reads it). */
export const NEWSLETTER_SENT_PATH = "/media/news?newsletter=sent#newsletter-heading";

/**
 * The news page's newsletter box: a plain form (works without JavaScript) answered by the
 * page's action with a confirmation e-mail; only confirmed addresses are subscribed.
 */
export function Newsletter() {
  const [params] = useSearchParams();
  const sent = params.get("newsletter") === "sent";
  const result = useActionData() as ActionResult | undefined;
  // One field, checked by the page's action (the shared schema); its Arabic errors come back in
  // the action's reply. No form library or validator in the public page's script (decision 024).
  const reply = result?.intent === NEWSLETTER_INTENT ? result.reply : undefined;
  const emailErrors = reply?.error?.email ?? undefined;
  const formErrors = reply?.error?.[""] ?? undefined;
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="mx-auto my-12 max-w-5xl scroll-mt-24 rounded-3xl bg-primary-dark px-6 py-10 text-white md:px-12 print:hidden"
    >
      {/* The text and the form sit side by side where both get their basis (in rem, so a larger
          text size stacks them sooner), else one under the other: never wider than the box. */}
      <div className="flex flex-wrap items-center justify-between gap-6">
        <div className="min-w-0 max-w-xl flex-[1_1_18rem]">
          <Text
            k="newsletter-title"
            as="h2"
            id="newsletter-heading"
            className="scroll-mt-24 text-2xl text-white"
          >
            اشترك في نشرتنا البريدية
          </Text>
          <Text k="newsletter-text" as="p" className="mt-2 text-white/85">
            تصلك أخبار الجمعية وفعالياتها وبرامجها الجديدة على بريدك الإلكتروني.
          </Text>
        </div>
        {sent ? (
          <FormNotice tone="success" className="min-w-0 max-w-md flex-[1_1_18rem] text-ink">
            <p className="font-bold">بقيت خطوة واحدة</p>
            <p>
              أرسلنا رابط تأكيد إلى بريدك الإلكتروني. افتحه لتأكيد اشتراكك، ولن نرسل إليك شيئاً قبل
              ذلك.
            </p>
          </FormNotice>
        ) : (
          <Form
            method="post"
            action="/media/news"
            preventScrollReset
            className="relative flex min-w-0 max-w-md flex-[1_1_18rem] flex-col gap-3"
            id={NEWSLETTER_INTENT}
            aria-describedby={formErrors ? NEWSLETTER_FORM_ERROR : undefined}
          >
            <ErrorSummary />
            <HoneypotField name={HONEYPOT_FIELD} />
            <label htmlFor={NEWSLETTER_EMAIL} className="font-medium">
              <Text k="newsletter-email-label">بريدك الإلكتروني</Text>
            </label>
            <div className="flex flex-wrap gap-3">
              <input
                id={NEWSLETTER_EMAIL}
                name="email"
                type="email"
                required
                defaultValue={reply?.initialValue?.email?.toString() ?? ""}
                aria-invalid={emailErrors ? true : undefined}
                aria-describedby={emailErrors ? NEWSLETTER_EMAIL_ERROR : undefined}
                autoComplete="email"
                dir="ltr"
                placeholder="name@example.com"
                className="min-h-13 w-0 min-w-0 flex-[1_1_12rem] rounded-xl border-2 border-white/30 bg-white px-4 text-lg text-ink placeholder:text-muted"
              />
              <SubmitButton intent={NEWSLETTER_INTENT} variant="elegant" size="lg">
                <Mail aria-hidden className="size-5" />
                <Text k="newsletter-button">اشترك</Text>
              </SubmitButton>
            </div>
            <div className="rounded-lg bg-white px-3 empty:hidden">
              <FieldErrors id={NEWSLETTER_EMAIL_ERROR} errors={emailErrors} />
              <FieldErrors id={NEWSLETTER_FORM_ERROR} errors={formErrors} />
            </div>
            <p className="text-sm text-white/85">
              <Text k="newsletter-note-confirm">
                يصلك رابط لتأكيد الاشتراك، وفي كل رسالة رابط لإلغائه بضغطة واحدة.
              </Text>{" "}
              <Link to="/privacy" className="underline">
                الخصوصية
              </Link>
            </p>
          </Form>
        )}
      </div>
    </section>
  );
}
