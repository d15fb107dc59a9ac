import { ABOUT_PILLARS, ABOUT_PLANS, VISION_AND_MISSION, WHO_WE_ARE } from "./about";
import { CITIES, SERVICE_AREA } from "./cities";
import { FEEDBACK_AUDIENCES } from "./feedback";
import { POLICIES_AND_OVERSIGHT, PRINCIPLES, REPORTS, STRUCTURE } from "./governance";
import { FEATURES, VALUES } from "./home";
import { MEDIA_SECTIONS } from "./media";
import { COMMITMENT, STRATEGIC_GOALS } from "./objectives";
import { JOIN_STEPS, PROGRAM_BENEFITS, PROGRAMS } from "./programs";
import { EMERGENCY_LINE, SERVICE_CHANNELS, SERVICE_SECTIONS, SERVICES } from "./services";
import { INCOME_SOURCES, KEY_INDICATORS, PHASES, TARGET_GROUPS } from "./strategy";
import { VOLUNTEER_BENEFITS } from "./volunteer";
import { EXTRA_BENEFITS, REASONS, SOCIAL_IMPACT } from "./why";

/** A public page's built-in texts, as the site search reads them (docs/decisions/045). */
export interface SearchablePage {
  path: string;
  title: string;
  texts: string[];
}

/** Fields that are addresses, keys or icons, not words a reader sees. */
const NOT_TEXT = new Set(["key", "to", "href", "icon", "path", "titleKey", "slug"]);

/** Every string a reader sees in a content value (lists, cards, nested lists). */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([name, inner]) =>
      NOT_TEXT.has(name) ? [] : textsOf(inner),
    );
  }
  return [];
}

const page = (path: string, title: string, ...sources: unknown[]): SearchablePage => ({
  path,
  title,
  texts: sources.flatMap(textsOf),
});

/** The pages whose built-in texts the search reads; a text edited on a page is read from the database. */
export const SEARCHABLE_PAGES: SearchablePage[] = [
  page("/", "الرئيسية", FEATURES, VALUES),
  page("/about", "من نحن", WHO_WE_ARE, ABOUT_PILLARS, ABOUT_PLANS),
  page("/about/vision", "الرؤية والرسالة والقيم", VISION_AND_MISSION, VALUES),
  page("/about/objectives", "الأهداف الاستراتيجية", STRATEGIC_GOALS, COMMITMENT),
  page("/about/why", "لماذا جمعية رفق؟", REASONS, SOCIAL_IMPACT, EXTRA_BENEFITS),
  page(
    "/about/strategy",
    "الخريطة الاستراتيجية",
    TARGET_GROUPS,
    INCOME_SOURCES,
    PHASES,
    KEY_INDICATORS,
  ),
  page("/about/service-area", "نطاق الخدمة", CITIES, SERVICE_AREA),
  page("/governance", "الحوكمة", PRINCIPLES, STRUCTURE, POLICIES_AND_OVERSIGHT, REPORTS),
  page("/services", "الخدمات والبرامج", SERVICE_SECTIONS),
  page("/services/services", "الخدمات", SERVICES, SERVICE_CHANNELS, EMERGENCY_LINE),
  page("/services/programs", "البرامج", PROGRAMS, PROGRAM_BENEFITS, JOIN_STEPS),
  page("/media", "المركز الإعلامي", MEDIA_SECTIONS),
  page("/feedback", "آراء الزوار والمستفيدين", FEEDBACK_AUDIENCES),
  page("/volunteer", "التطوع", VOLUNTEER_BENEFITS),
  // Pages whose texts are in their markup: found by their title, and by their edited texts.
  page("/donate", "تبرع الآن"),
  page("/media/news", "الأخبار"),
  page("/media/gallery", "معرض الوسائط"),
  page("/privacy", "سياسة الخصوصية"),
];
