import { Text } from "~/components/content-block";
import { PageHero, Section } from "~/components/page";
import { CardListSection } from "~/components/site/card-list";
import { WHO_WE_ARE } from "~/content/about";
import { ABOUT_PILLAR_CARDS, ABOUT_PLAN_CARDS } from "~/shared/card-list-definitions";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/about";

const TITLE = "من نحن";
const SUBTITLE =
  "جمعية رفق لرعاية كبار السن: قلوب اجتمعت على البر بكبارنا وخدمتهم في المنطقة الشرقية.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/about" });

export default function About() {
  return (
    <>
      <PageHero k="about" title={TITLE} subtitle={SUBTITLE} />
      <Section k="who-we-are" title="تعرّف على جمعية رفق">
        <div className="max-w-4xl space-y-4 text-lg">
          {WHO_WE_ARE.map((paragraph, index) => (
            <Text key={paragraph} k={`who-we-are-text-${index + 1}`} as="p">
              {paragraph}
            </Text>
          ))}
        </div>
      </Section>
      <CardListSection
        k="pillars"
        title="هويتنا وتوجّهنا"
        intro="ما نؤمن به، وما نسعى إليه، ولماذا اخترنا هذا الطريق."
        tinted
        list={ABOUT_PILLAR_CARDS}
        more="اقرأ المزيد"
      />
      <CardListSection
        k="plans"
        title="خطتنا ونطاق عملنا"
        intro="إلى أين نمضي حتى عام 2030، وأين نقدّم خدماتنا."
        list={ABOUT_PLAN_CARDS}
        columns={2}
        more="اقرأ المزيد"
      />
    </>
  );
}
