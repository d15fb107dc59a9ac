import { PageHero } from "~/components/page";
import { CardListSection } from "~/components/site/card-list";
import { SERVICE_SECTION_CARDS } from "~/shared/card-list-definitions";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/services";

const TITLE = "خدماتنا";
const SUBTITLE =
  "رعاية متكاملة وبرامج هادفة، صُمّمت لتلبّي احتياجات كبار السن وتُدخل السرور على قلوبهم.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/services" });

export default function Services() {
  return (
    <>
      <PageHero k="services" title={TITLE} subtitle={SUBTITLE} />
      <CardListSection
        k="overview"
        title="كيف نخدمكم"
        intro="نقدّم لكبار السن وأسرهم نوعين متكاملين من الدعم: خدمات رعاية تلبّي الاحتياجات اليومية، وبرامج تُثري الحياة وتفتح أبواب المشاركة."
        list={SERVICE_SECTION_CARDS}
        columns={2}
        more="اكتشف المزيد"
      />
    </>
  );
}
