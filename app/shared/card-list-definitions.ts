import { ABOUT_PILLARS, ABOUT_PLANS, VISION_AND_MISSION } from "~/content/about";
import { FEEDBACK_AUDIENCES } from "~/content/feedback";
import { POLICIES_AND_OVERSIGHT, PRINCIPLES, REPORTS, STRUCTURE } from "~/content/governance";
import { FEATURES, VALUES } from "~/content/home";
import { MEDIA_SECTIONS } from "~/content/media";
import { STRATEGIC_GOALS } from "~/content/objectives";
import { PROGRAMS } from "~/content/programs";
import { SERVICE_SECTIONS, SERVICES } from "~/content/services";
import { INCOME_SOURCES, KEY_INDICATORS, PHASES, TARGET_GROUPS } from "~/content/strategy";
import { VOLUNTEER_BENEFITS } from "~/content/volunteer";
import { EXTRA_BENEFITS, REASONS, SOCIAL_IMPACT } from "~/content/why";
import { type CardItem, type CodeCard, cardItemsOf } from "./card-items";

/**
 * A card list admins can change (docs/decisions/047): where it is stored (its page's path and
 * its key on that page), how its cards' page texts are keyed (`blockPrefix` + the card's key),
 * what it is called in the editor, and today's code-defined cards, which stay its default.
 */
export interface CardListDefinition {
  pagePath: string;
  key: string;
  blockPrefix: string;
  /** Its name in the editor's labels, e.g. «البرامج». */
  label: string;
  defaults: readonly CardItem[];
}

function list(
  pagePath: string,
  key: string,
  label: string,
  cards: readonly CodeCard[],
  blockPrefix = "",
): CardListDefinition {
  return { pagePath, key, label, blockPrefix, defaults: cardItemsOf(cards) };
}

export const HOME_FEATURES = list("/", "features", "ما يميزنا", FEATURES);
export const HOME_VALUES = list("/", "values", "القيم", VALUES);
export const ABOUT_PILLAR_CARDS = list("/about", "pillars", "من نحن", ABOUT_PILLARS);
export const ABOUT_PLAN_CARDS = list("/about", "plans", "إلى أين نمضي", ABOUT_PLANS);
export const VISION_CARDS = list(
  "/about/vision",
  "vision-mission",
  "الرؤية والرسالة",
  VISION_AND_MISSION,
);
export const VISION_VALUES = list("/about/vision", "values", "القيم", VALUES);
export const OBJECTIVES = list("/about/objectives", "goals", "الأهداف", STRATEGIC_GOALS);
export const WHY_REASONS = list("/about/why", "reasons", "الأسباب", REASONS);
export const WHY_IMPACT = list("/about/why", "impact", "الأثر الاجتماعي", SOCIAL_IMPACT);
export const WHY_BENEFITS = list("/about/why", "benefits", "الفوائد", EXTRA_BENEFITS);
export const STRATEGY_GROUPS = list(
  "/about/strategy",
  "target-groups",
  "الفئات المستهدفة",
  TARGET_GROUPS,
);
export const STRATEGY_INCOME = list(
  "/about/strategy",
  "income-sources",
  "مصادر الدخل",
  INCOME_SOURCES,
);
export const STRATEGY_PHASES = list("/about/strategy", "phases", "مراحل الخطة", PHASES);
export const STRATEGY_INDICATORS = list(
  "/about/strategy",
  "indicators",
  "المؤشرات",
  KEY_INDICATORS,
);
export const GOVERNANCE_PRINCIPLES = list("/governance", "principles", "مبادئ الحوكمة", PRINCIPLES);
export const GOVERNANCE_STRUCTURE = list("/governance", "structure", "الهيكل التنظيمي", STRUCTURE);
export const GOVERNANCE_POLICIES = list(
  "/governance",
  "policies",
  "السياسات والرقابة",
  POLICIES_AND_OVERSIGHT,
);
export const GOVERNANCE_REPORTS = list("/governance", "reports", "التقارير", REPORTS);
export const SERVICE_SECTION_CARDS = list(
  "/services",
  "sections",
  "أقسام الخدمات",
  SERVICE_SECTIONS,
);
export const SERVICE_CARDS = list(
  "/services/services",
  "services",
  "الخدمات",
  SERVICES,
  "service-",
);
export const PROGRAM_CARDS = list(
  "/services/programs",
  "programs",
  "البرامج",
  PROGRAMS,
  "program-",
);
export const MEDIA_SECTION_CARDS = list(
  "/media",
  "sections",
  "أقسام المركز الإعلامي",
  MEDIA_SECTIONS,
);
export const FEEDBACK_CARDS = list("/feedback", "audiences", "الاستبيانات", FEEDBACK_AUDIENCES);
export const VOLUNTEER_CARDS = list("/volunteer", "benefits", "مزايا التطوع", VOLUNTEER_BENEFITS);

/** Every editable card list of the public pages. */
export const CARD_LISTS: readonly CardListDefinition[] = [
  HOME_FEATURES,
  HOME_VALUES,
  ABOUT_PILLAR_CARDS,
  ABOUT_PLAN_CARDS,
  VISION_CARDS,
  VISION_VALUES,
  OBJECTIVES,
  WHY_REASONS,
  WHY_IMPACT,
  WHY_BENEFITS,
  STRATEGY_GROUPS,
  STRATEGY_INCOME,
  STRATEGY_PHASES,
  STRATEGY_INDICATORS,
  GOVERNANCE_PRINCIPLES,
  GOVERNANCE_STRUCTURE,
  GOVERNANCE_POLICIES,
  GOVERNANCE_REPORTS,
  SERVICE_SECTION_CARDS,
  SERVICE_CARDS,
  PROGRAM_CARDS,
  MEDIA_SECTION_CARDS,
  FEEDBACK_CARDS,
  VOLUNTEER_CARDS,
];

/** The editable list stored under this page path and key, if there is one. */
export const findCardList = (pagePath: string, key: string) =>
  CARD_LISTS.find((definition) => definition.pagePath === pagePath && definition.key === key);
