import { CircleAlert, CircleCheck, type LucideIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { PageHero } from "~/components/page";
import { FormNotice } from "~/components/settings/form-notice";
import { Button, buttonClass } from "~/components/ui/button";

/**
 * The page an e-mailed newsletter link opens (confirm, unsubscribe): the done notice, else the
 * link's error, else the one button that acts on the token (a link scanner that only opens the
 * address changes nothing).
 */
export function NewsletterLinkPage({
  subtitle,
  done,
  error,
  token,
  prompt,
  submit,
}: {
  subtitle: string;
  done: { title: string; text: string } | null;
  error: string | null;
  token: string;
  prompt: string;
  submit: { Icon: LucideIcon; label: string };
}) {
  return (
    <>
      <PageHero title="النشرة البريدية" subtitle={subtitle} />
      <section className="mx-auto max-w-2xl space-y-6 px-4 py-10 text-center">
        {done ? (
          <FormNotice tone="success" className="text-start text-lg">
            <p className="font-bold">
              <CircleCheck aria-hidden className="me-2 inline size-5" />
              {done.title}
            </p>
            <p>{done.text}</p>
          </FormNotice>
        ) : error ? (
          <FormNotice tone="error" className="text-start text-lg">
            <p>
              <CircleAlert aria-hidden className="me-2 inline size-5" />
              {error}
            </p>
          </FormNotice>
        ) : (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="token" value={token} />
            <p className="text-lg">{prompt}</p>
            <Button type="submit" size="lg">
              <submit.Icon aria-hidden className="size-5" />
              {submit.label}
            </Button>
          </Form>
        )}
        <Link to="/media/news" className={buttonClass("outline")}>
          العودة إلى الأخبار
        </Link>
      </section>
    </>
  );
}
