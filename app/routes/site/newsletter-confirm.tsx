import { CircleAlert, CircleCheck, MailCheck } from "lucide-react";
import { data, Form, Link, redirect, useLoaderData } from "react-router";
import { PageHero } from "~/components/page";
import { FormNotice } from "~/components/settings/form-notice";
import { Button, buttonClass } from "~/components/ui/button";
import { confirmNewsletterSubscription } from "~/models/newsletter.server";
import { limitPublicForm } from "~/services/public-forms.server";
import type { ActionResult } from "~/shared/action-result";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = () => [
  { title: "تأكيد الاشتراك في النشرة | جمعية رفق" },
  { name: "robots", content: "noindex" },
];

export const LINK_INVALID = "رابط التأكيد غير صالح أو انتهت صلاحيته، اشترك من جديد من صفحة الأخبار";

/**
 * The e-mailed link opens this page and the visitor presses the button: a link scanner that
 * only opens the address confirms nobody (docs/decisions/022).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    token: url.searchParams.get("token")?.slice(0, 100) ?? "",
    confirmed: url.searchParams.get("done") === "1",
  };
}

export async function action({ request }: Route.ActionArgs) {
  await limitPublicForm(request, "newsletter-confirm", { max: 20, window: 10 * 60 });
  const token = String((await readFormData(request)).get("token") ?? "").slice(0, 100);
  if (!(await confirmNewsletterSubscription(token))) {
    return data<ActionResult>({ ok: false, message: LINK_INVALID }, { status: 400 });
  }
  return redirect("/newsletter/confirm?done=1");
}

export default function NewsletterConfirm({ actionData }: Route.ComponentProps) {
  const { token, confirmed } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero title="النشرة البريدية" subtitle="خطوة أخيرة لتصلك أخبار الجمعية." />
      <section className="mx-auto max-w-2xl space-y-6 px-4 py-10 text-center">
        {confirmed ? (
          <FormNotice tone="success" className="text-start text-lg">
            <p className="font-bold">
              <CircleCheck aria-hidden className="me-2 inline size-5" />
              تم تأكيد اشتراكك، شكراً لك.
            </p>
            <p>ستصلك أخبار الجمعية، وفي كل رسالة رابط لإلغاء الاشتراك بضغطة واحدة.</p>
          </FormNotice>
        ) : actionData?.ok === false || !token ? (
          <FormNotice tone="error" className="text-start text-lg">
            <p>
              <CircleAlert aria-hidden className="me-2 inline size-5" />
              {actionData?.ok === false ? actionData.message : LINK_INVALID}
            </p>
          </FormNotice>
        ) : (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="token" value={token} />
            <p className="text-lg">اضغط الزر لتأكيد اشتراك بريدك في نشرة جمعية رفق.</p>
            <Button type="submit" size="lg">
              <MailCheck aria-hidden className="size-5" />
              أكّد اشتراكي
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
