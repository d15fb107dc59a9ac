import { PageHero, Section } from "~/components/page";
import { EditableCardList } from "~/components/site/card-list";
import { WHY_BENEFITS, WHY_IMPACT, WHY_REASONS } from "~/content/card-lists";
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
      <Section k="reasons" title="ستة أسباب لوجودنا">
        <EditableCardList list={WHY_REASONS} />
      </Section>
      <Section
        k="impact"
        title="الأثر الاجتماعي"
        intro="ما يتغيّر حين يجد كبير السن من يرعاه ويقدّره."
        tinted
      >
        <EditableCardList list={WHY_IMPACT} />
      </Section>
      <Section
        k="extra-benefits"
        title="فوائد إضافية"
        intro="أثرٌ يتجاوز كبار السن إلى المنطقة كلها."
      >
        <EditableCardList list={WHY_BENEFITS} />
      </Section>
    </>
  );
}
