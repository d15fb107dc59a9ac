import { Html } from "~/components/content-block";
import { PageHero } from "~/components/page";
import { ContactDetails } from "~/components/site/contact-details";
import { EVENT_REGISTRATION_RETENTION_DAYS } from "~/shared/events";
import { pageMeta } from "~/shared/meta";
import { MAIL_RETENTION_DAYS } from "~/shared/statuses";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/privacy";

const TITLE = "الخصوصية وحماية البيانات";
const SUBTITLE = "ما الذي نحفظه منك، ولماذا، وإلى متى، وكيف تطلب حذفه.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/privacy" });

export function loader() {
  return { retentionMonths: getEnv().OUTREACH_RETENTION_MONTHS };
}

const proseClass =
  "space-y-3 text-lg leading-relaxed [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:text-primary-dark [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:ps-6";

/** What the outreach forms keep (docs/decisions/022), in the words of the PDPL: purpose, consent, erasure. */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const months = loaderData.retentionMonths;
  return (
    <>
      <PageHero k="privacy" title={TITLE} subtitle={SUBTITLE} />
      <article className="mx-auto max-w-3xl px-4 py-10">
        <Html
          k="privacy-body"
          className={proseClass}
          html={`<p>تحترم جمعية رفق خصوصيتك، وتتعامل مع بياناتك وفق نظام حماية البيانات الشخصية في المملكة العربية السعودية. لا نجمع إلا ما نحتاجه، ولا نبيعه ولا نشاركه مع أي جهة.</p>
<h2>ما الذي نحفظه ولماذا</h2>
<ul>
<li><strong>طلب التطوع:</strong> اسمك ورقم جوالك وبريدك (إن كتبته) ومدينتك والمجالات والأوقات التي اخترتها وملاحظتك، لنتواصل معك بشأن التطوع فقط.</li>
<li><strong>استبيانات الرضا:</strong> تقييمك وتعليقك دون اسم. ولا نحفظ اسمك ورقمك إلا إذا طلبت أن نتواصل معك.</li>
<li><strong>النشرة البريدية:</strong> بريدك الإلكتروني فقط، ولا نرسل إليك شيئاً حتى تؤكد اشتراكك من الرابط الذي يصلك.</li>
<li><strong>التسجيل في الفعاليات:</strong> اسمك ورقم جوالك وبريدك (إن كتبته) وعدد الحضور، لنحجز مقاعدك ونرسل إليك التأكيد والتذكير.</li>
</ul>
<h2>موافقتك</h2>
<p>لا نحفظ بيانات طلب التطوع إلا بعد موافقتك الصريحة في النموذج. ويطّلع عليها موظفو الجمعية المختصون وحدهم.</p>
<h2>إلى متى نحتفظ بها</h2>
<p>تُحذف طلبات التطوع وبيانات التواصل في الاستبيانات تلقائياً بعد ${months} شهراً من آخر تحديث لها، وتبقى التقييمات دون أسماء لأغراض الإحصاء. ويبقى بريدك في النشرة حتى تلغي اشتراكك. وتُحذف تسجيلات الفعاليات بعد ${EVENT_REGISTRATION_RETENTION_DAYS} يوماً من انتهاء الفعالية. ونحذف ما نحفظه من الرسائل التي نرسلها إليك بالبريد (كالتذكير بالفعالية) وعنوانَك فيها بعد ${MAIL_RETENTION_DAYS} يوماً من إرسالها.</p>
<h2>حقك في الحذف</h2>
<p>يمكنك في أي وقت أن تطلب حذف بياناتك بالتواصل معنا، فنحذفها نهائياً ونؤكد لك ذلك. وفي كل رسالة من النشرة رابط لإلغاء الاشتراك بضغطة واحدة.</p>`}
        />
        <ContactDetails k="privacy-contact" fields={["phone", "email"]} className="mt-8" />
      </article>
    </>
  );
}
