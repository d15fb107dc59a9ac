import { CardList, PageHero, Section } from "~/components/page";
import { EXTRA_BENEFITS, REASONS, SOCIAL_IMPACT } from "~/content/why";
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
        <CardList items={REASONS} />
      </Section>
      <Section
        k="impact"
        title="الأثر الاجتماعي"
        intro="ما يتغيّر حين يجد كبير السن من يرعاه ويقدّره."
        tinted
      >
        <CardList items={SOCIAL_IMPACT} />
      </Section>
      <Section
        k="extra-benefits"
        title="فوائد إضافية"
        intro="أثرٌ يتجاوز كبار السن إلى المنطقة كلها."
      >
        <CardList items={EXTRA_BENEFITS} />
      </Section>
    </>
  );
}
