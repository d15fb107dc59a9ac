import { PageHero } from "~/components/page";
import { CardListSection } from "~/components/site/card-list";
import { FEEDBACK_CARDS } from "~/shared/card-list-definitions";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/feedback";

const TITLE = "آراء المستفيدين";
const SUBTITLE = "رأيك يهمّنا؛ به نعرف ما أحسنّا فيه فنثبّته، وما قصّرنا فيه فنصلحه.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/feedback" });

export default function Feedback() {
  return (
    <>
      <PageHero k="feedback" title={TITLE} subtitle={SUBTITLE} />
      <CardListSection
        k="surveys"
        title="شاركنا رأيك"
        intro="اختر الاستبيان الذي يناسبك؛ لن يستغرق منك إلا دقائق معدودة."
        list={FEEDBACK_CARDS}
        columns={2}
        more="شارك برأيك"
      />
    </>
  );
}
