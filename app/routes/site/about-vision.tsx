import { PageHero } from "~/components/page";
import { CardListSection } from "~/components/site/card-list";
import { VISION_CARDS, VISION_VALUES } from "~/shared/card-list-definitions";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/about-vision";

const TITLE = "الرؤية والرسالة والقيم";
const SUBTITLE = "البوصلة التي توجّه عملنا، والقيم التي نلتزم بها مع كل مسنٍّ وكل أسرة نخدمها.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/about/vision" });

export default function AboutVision() {
  return (
    <>
      <PageHero k="about-vision" title={TITLE} subtitle={SUBTITLE} />
      <CardListSection k="vision-mission" title="رؤيتنا ورسالتنا" list={VISION_CARDS} columns={2} />
      <CardListSection
        k="values"
        title="قيمنا"
        intro="تسع قيم نحتكم إليها في كل ما نقدّمه لكبار السن وأسرهم."
        tinted
        list={VISION_VALUES}
      />
    </>
  );
}
