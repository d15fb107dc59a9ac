import { MailCheck } from "lucide-react";
import { data, redirect, useLoaderData } from "react-router";
import { NewsletterLinkPage } from "~/components/news/newsletter-link-page";
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
    <NewsletterLinkPage
      subtitle="خطوة أخيرة لتصلك أخبار الجمعية."
      done={
        confirmed
          ? {
              title: "تم تأكيد اشتراكك، شكراً لك.",
              text: "ستصلك أخبار الجمعية، وفي كل رسالة رابط لإلغاء الاشتراك بضغطة واحدة.",
            }
          : null
      }
      error={actionData?.ok === false ? actionData.message : token ? null : LINK_INVALID}
      token={token}
      prompt="اضغط الزر لتأكيد اشتراك بريدك في نشرة جمعية رفق."
      submit={{ Icon: MailCheck, label: "أكّد اشتراكي" }}
    />
  );
}
