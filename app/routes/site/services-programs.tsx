import { FeatureList, PageHero, Section, StatGrid, Steps } from "~/components/page";
import { type CardExtras, CardListSection } from "~/components/site/card-list";
import {
  durationText,
  JOIN_STEPS,
  PROGRAM_BENEFITS,
  PROGRAMS,
  participantsText,
} from "~/content/programs";
import { PROGRAM_CARDS } from "~/shared/card-list-definitions";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/services-programs";

const TITLE = "البرامج";
const SUBTITLE = "برامج تملأ أيام كبار السن بالمعرفة والإبداع والحركة والصحبة الطيبة.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/services/programs" });

/** A built-in program's figures and points (a program added in edit mode shows its text only). */
function programExtras(key: string): CardExtras | undefined {
  const program = PROGRAMS.find((each) => each.key === key);
  if (!program) return undefined;
  const k = `program-${program.key}`;
  return {
    children: (
      <>
        <StatGrid
          k={k}
          size="sm"
          items={[
            { key: "duration", value: durationText(program.duration), label: "المدة" },
            {
              key: "participants",
              value: participantsText(program.capacity),
              label: "عدد المشاركين",
            },
          ]}
        />
        <FeatureList k={`${k}-feature`} items={program.points} />
      </>
    ),
  };
}

export default function Programs() {
  return (
    <>
      <PageHero k="services-programs" title={TITLE} subtitle={SUBTITLE} />
      <CardListSection
        k="programs"
        title="برامجنا"
        intro="ستة برامج يختار منها كبير السن ما يوافق اهتمامه وقدرته."
        list={PROGRAM_CARDS}
        extras={programExtras}
      />
      <Section
        k="benefits"
        title="ماذا تجني من برامجنا؟"
        intro="أثر يلمسه المشاركون في صحتهم ومزاجهم وعلاقاتهم."
        tinted
      >
        <FeatureList k="benefit" items={PROGRAM_BENEFITS} layout="tiles" />
      </Section>
      <Section
        k="join"
        title="كيف تنضم إلى برامجنا؟"
        intro="ثلاث خطوات بسيطة، ونحن معك في كل واحدة منها."
      >
        <Steps k="join" steps={JOIN_STEPS} />
      </Section>
    </>
  );
}
