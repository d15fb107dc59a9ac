import { Mail } from "lucide-react";
import { type FormEvent, useId } from "react";
import { Text } from "~/components/content-block";
import { Button } from "~/components/ui/button";
import { newsletterMailto } from "~/utils/news";

/**
 * The newsletter block. There is no mailing service (spec: no action is wired), so the button
 * says what it really does: it opens the reader's e-mail app with a ready subscription request
 * addressed to the association (CSP forbids a mailto form action, hence the script).
 */
export function Newsletter({ associationEmail }: { associationEmail: string }) {
  const inputId = useId();
  function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const subscriber = new FormData(event.currentTarget).get("email");
    window.location.href = newsletterMailto(associationEmail, String(subscriber ?? ""));
  }
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="mx-auto my-12 max-w-5xl rounded-3xl bg-primary-dark px-6 py-10 text-white md:px-12"
    >
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-xl">
          <Text
            k="newsletter-title"
            as="h2"
            id="newsletter-heading"
            className="text-2xl text-white"
          >
            اشترك في نشرتنا البريدية
          </Text>
          <Text k="newsletter-text" as="p" className="mt-2 text-white/85">
            تصلك أخبار الجمعية وفعالياتها وبرامجها الجديدة على بريدك الإلكتروني.
          </Text>
        </div>
        <form onSubmit={subscribe} className="flex w-full flex-col gap-3 md:max-w-md">
          <label htmlFor={inputId} className="font-medium">
            <Text k="newsletter-email-label">بريدك الإلكتروني</Text>
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id={inputId}
              name="email"
              type="email"
              required
              autoComplete="email"
              dir="ltr"
              placeholder="name@example.com"
              className="min-h-13 flex-1 rounded-xl border-2 border-white/30 bg-white px-4 text-lg text-ink placeholder:text-muted"
            />
            <Button type="submit" variant="elegant" size="lg">
              <Mail aria-hidden className="size-5" />
              <Text k="newsletter-button">اشترك</Text>
            </Button>
          </div>
          <Text k="newsletter-note" as="p" className="text-sm text-white/85">
            يفتح زر «اشترك» تطبيق البريد لديك برسالة اشتراك جاهزة إلى الجمعية؛ أرسلها ليصلك جديدنا.
          </Text>
        </form>
      </div>
    </section>
  );
}
