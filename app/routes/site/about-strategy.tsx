import { Text } from "~/components/content-block";
import { CardGrid, InfoCard, PageHero, Section, StatGrid } from "~/components/page";
import { CardListSection } from "~/components/site/card-list";
import { formatCount } from "~/content/format";
import {
  indicatorGoal,
  KEY_INDICATORS,
  PHASES,
  TARGET_KEYS,
  TARGET_LABELS,
} from "~/content/strategy";
import { STRATEGY_GROUPS, STRATEGY_INCOME } from "~/shared/card-list-definitions";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/about-strategy";

const TITLE = "الخريطة الاستراتيجية 2025-2030";
const SUBTITLE = "من نخدم، وكيف نموّل عملنا، وإلى أين نريد أن نصل بحلول عام 2030.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/about/strategy" });

export default function AboutStrategy() {
  return (
    <>
      <PageHero k="about-strategy" title={TITLE} subtitle={SUBTITLE} />
      <CardListSection
        k="target-groups"
        title="الفئات المستهدفة"
        intro="أربع فئات نعمل معها ومن أجلها."
        list={STRATEGY_GROUPS}
        columns={4}
      />
      <CardListSection
        k="income-sources"
        title="مصادر الدخل"
        intro="موارد متنوعة تضمن استدامة خدماتنا واستقلالية قرارنا."
        tinted
        list={STRATEGY_INCOME}
        columns={4}
      />
      <Section
        k="phases"
        title="مراحل الخطة"
        intro="ثلاث مراحل متتابعة، لكل منها مستهدفات نلتزم ببلوغها في نهايتها."
      >
        <ol className="grid gap-5 lg:grid-cols-3">
          {PHASES.map((phase) => (
            <li key={phase.key} className="flex">
              <InfoCard
                k={phase.key}
                badge={phase.years}
                title={phase.title}
                description={phase.description}
                className="w-full"
              >
                <Text
                  k={`${phase.key}-targets-title`}
                  as="p"
                  className="mt-5 font-medium text-primary-dark"
                >
                  المستهدف بنهاية المرحلة
                </Text>
                <StatGrid
                  k={phase.key}
                  size="sm"
                  items={TARGET_KEYS.map((target) => ({
                    key: target,
                    value: formatCount(phase.targets[target]),
                    label: TARGET_LABELS[target],
                  }))}
                />
              </InfoCard>
            </li>
          ))}
        </ol>
      </Section>
      <Section
        k="indicators"
        title="مؤشرات الأداء الرئيسة"
        intro="أربعة مؤشرات نقيس بها نجاح الخطة، ونعلن نتائجها في تقاريرنا."
        tinted
      >
        <CardGrid columns={4}>
          {KEY_INDICATORS.map((indicator) => (
            <InfoCard
              key={indicator.key}
              k={indicator.key}
              icon={indicator.icon}
              title={indicator.title}
              description={indicator.description}
            >
              <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
                <Text k={`${indicator.key}-value`} className="text-3xl font-bold text-primary-dark">
                  {formatCount(indicatorGoal(indicator))}
                </Text>
                <Text k={`${indicator.key}-label`} className="text-muted">
                  بحلول عام 2030
                </Text>
              </p>
            </InfoCard>
          ))}
        </CardGrid>
      </Section>
    </>
  );
}
