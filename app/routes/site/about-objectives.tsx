import { HeartHandshake } from "lucide-react";
import { Callout, PageHero, Section } from "~/components/page";
import { CardListSection } from "~/components/site/card-list";
import { COMMITMENT } from "~/content/objectives";
import { OBJECTIVES } from "~/shared/card-list-definitions";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/about-objectives";

const TITLE = "الأهداف الاستراتيجية";
const SUBTITLE =
  "أهداف واضحة نقيس بها عملنا، ونسعى من خلالها إلى أن يعيش كبار السن في منطقتنا حياة أفضل.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/about/objectives" });

export default function AboutObjectives() {
  return (
    <>
      <PageHero k="about-objectives" title={TITLE} subtitle={SUBTITLE} />
      <CardListSection k="goals" title="أهدافنا الستة" list={OBJECTIVES} />
      <Section k="commitment-section" title="عهدٌ نقطعه على أنفسنا" className="pt-0">
        <Callout
          k="commitment"
          icon={HeartHandshake}
          title={COMMITMENT.title}
          text={COMMITMENT.text}
        />
      </Section>
    </>
  );
}
