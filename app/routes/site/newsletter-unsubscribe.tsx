import { CircleCheck } from "lucide-react";
import { data, Link } from "react-router";
import { PageHero } from "~/components/page";
import { FormNotice } from "~/components/settings/form-notice";
import { buttonClass } from "~/components/ui/button";
import { unsubscribeFromNewsletter } from "~/models/newsletter.server";
import type { ActionResult } from "~/shared/action-result";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = () => [
  { title: "إلغاء الاشتراك في النشرة | جمعية رفق" },
  { name: "robots", content: "noindex" },
];

const tokenOf = (value: unknown) => (typeof value === "string" ? value.slice(0, 100) : "");

/**
 * One click: opening the e-mailed link removes the address (a POST to the same address does
 * too, as mail apps' one-click unsubscribe sends it). The page says the same whether or not the
 * address was still subscribed.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await unsubscribeFromNewsletter(tokenOf(new URL(request.url).searchParams.get("token")));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const fromBody = (await readFormData(request)).get("token");
  const token = tokenOf(fromBody ?? new URL(request.url).searchParams.get("token"));
  await unsubscribeFromNewsletter(token);
  return data<ActionResult>({ ok: true });
}

export default function NewsletterUnsubscribe() {
  return (
    <>
      <PageHero title="النشرة البريدية" subtitle="إلغاء الاشتراك" />
      <section className="mx-auto max-w-2xl space-y-6 px-4 py-10 text-center">
        <FormNotice tone="success" className="text-start text-lg">
          <p className="font-bold">
            <CircleCheck aria-hidden className="me-2 inline size-5" />
            أُلغي اشتراكك وحُذف بريدك من قائمة النشرة.
          </p>
          <p>لن تصلك منا رسائل بعد الآن. ويمكنك الاشتراك من جديد متى شئت من صفحة الأخبار.</p>
        </FormNotice>
        <Link to="/media/news" className={buttonClass("outline")}>
          العودة إلى الأخبار
        </Link>
      </section>
    </>
  );
}
