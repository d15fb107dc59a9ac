import { PageHero } from "~/components/page";
import { CardListSection } from "~/components/site/card-list";
import { WHY_BENEFITS, WHY_IMPACT, WHY_REASONS } from "~/shared/card-list-definitions";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/about-why";

const TITLE = "لماذا جمعية رفق؟";
const SUBTITLE = "لأن كبارنا يستحقون أن نكون إلى جانبهم، ولأن حاجتهم إلينا تكبر عاماً بعد عام.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/about/why" });

export default function AboutWhy() {
  return (
    <>
      <PageHero k="about-why" title={TITLE} subtitle={SUBTITLE} />
      <CardListSection k="reasons" title="ستة أسباب لوجودنا" list={WHY_REASONS} />
      <CardListSection
        k="impact"
        title="الأثر الاجتماعي"
        intro="ما يتغيّر حين يجد كبير السن من يرعاه ويقدّره."
        tinted
        list={WHY_IMPACT}
      />
      <CardListSection
        k="extra-benefits"
        title="فوائد إضافية"
        intro="أثرٌ يتجاوز كبار السن إلى المنطقة كلها."
        list={WHY_BENEFITS}
      />
    </>
  );
}
