import { MailX } from "lucide-react";
import { data, useLoaderData } from "react-router";
import { NewsletterLinkPage } from "~/components/news/newsletter-link-page";
import { unsubscribeFromNewsletter } from "~/models/newsletter.server";
import type { ActionResult } from "~/shared/action-result";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = () => [
  { title: "إلغاء الاشتراك في النشرة | جمعية رفق" },
  { name: "robots", content: "noindex" },
];

export const UNSUBSCRIBE_LINK_INVALID =
  "رابط إلغاء الاشتراك غير صالح، افتحه كما وصلك في رسالة النشرة";

const tokenOf = (value: unknown) => (typeof value === "string" ? value.slice(0, 100) : "");

/**
 * Opening the e-mailed link only shows the button: a mail scanner that follows links removes
 * nobody (docs/decisions/066).
 */
export function loader({ request }: Route.LoaderArgs) {
  return { token: tokenOf(new URL(request.url).searchParams.get("token")) };
}

/**
 * The page's button, or a mail app's RFC 8058 one-click POST (`List-Unsubscribe=One-Click` to
 * the link itself, the token in its query). The answer is the same whether or not the address
 * was still subscribed.
 */
export async function action({ request }: Route.ActionArgs) {
  const fromBody = (await readFormData(request)).get("token");
  const token = tokenOf(fromBody ?? new URL(request.url).searchParams.get("token"));
  await unsubscribeFromNewsletter(token);
  return data<ActionResult>({ ok: true });
}

export default function NewsletterUnsubscribe({ actionData }: Route.ComponentProps) {
  const { token } = useLoaderData<typeof loader>();
  return (
    <NewsletterLinkPage
      subtitle="إلغاء الاشتراك"
      done={
        actionData?.ok
          ? {
              title: "أُلغي اشتراكك وحُذف بريدك من قائمة النشرة.",
              text: "لن تصلك منا رسائل بعد الآن. ويمكنك الاشتراك من جديد متى شئت من صفحة الأخبار.",
            }
          : null
      }
      error={token ? null : UNSUBSCRIBE_LINK_INVALID}
      token={token}
      prompt="اضغط الزر لإلغاء اشتراك بريدك في نشرة جمعية رفق وحذفه من قائمتها."
      submit={{ Icon: MailX, label: "ألغِ اشتراكي" }}
    />
  );
}
