import {
  CardGrid,
  FeatureList,
  InfoCard,
  PageHero,
  Section,
  StatGrid,
  Steps,
} from "~/components/page";
import {
  durationText,
  JOIN_STEPS,
  PROGRAM_BENEFITS,
  PROGRAMS,
  participantsText,
} from "~/content/programs";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/services-programs";

const TITLE = "البرامج";
const SUBTITLE = "برامج تملأ أيام كبار السن بالمعرفة والإبداع والحركة والصحبة الطيبة.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/services/programs" });

export default function Programs() {
  return (
    <>
      <PageHero k="services-programs" title={TITLE} subtitle={SUBTITLE} />
      <Section
        k="programs"
        title="برامجنا"
        intro="ستة برامج يختار منها كبير السن ما يوافق اهتمامه وقدرته."
      >
        <CardGrid>
          {PROGRAMS.map((program) => {
            const k = `program-${program.key}`;
            return (
              <InfoCard
                key={program.key}
                k={k}
                icon={program.icon}
                title={program.title}
                description={program.description}
              >
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
              </InfoCard>
            );
          })}
        </CardGrid>
      </Section>
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
