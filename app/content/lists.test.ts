// The static lists of the public pages: how many items the spec asks for, and unique keys
// (each item's key becomes the key of its content blocks on the page).
import { expect, test } from "vitest";
import { ABOUT_PILLARS, ABOUT_PLANS, VISION_AND_MISSION } from "./about";
import { CITIES } from "./cities";
import { FEEDBACK_AUDIENCES, findFeedbackAudience } from "./feedback";
import { POLICIES_AND_OVERSIGHT, PRINCIPLES, REPORTS, STRUCTURE } from "./governance";
import { VALUES } from "./home";
import { MEDIA_SECTIONS } from "./media";
import { STRATEGIC_GOALS } from "./objectives";
import { JOIN_STEPS, PROGRAMS } from "./programs";
import { EMERGENCY_LINE, SERVICE_CHANNELS, SERVICE_SECTIONS, SERVICES } from "./services";
import { INCOME_SOURCES, KEY_INDICATORS, PHASES, TARGET_GROUPS } from "./strategy";
import { VOLUNTEER_BENEFITS } from "./volunteer";
import { EXTRA_BENEFITS, REASONS, SOCIAL_IMPACT } from "./why";

const titles = (items: { title: string }[]) => items.map((item) => item.title);

test.each([
  ["services", SERVICES, 6],
  ["programs", PROGRAMS, 6],
  ["cities", CITIES, 6],
  ["strategic goals", STRATEGIC_GOALS, 6],
  ["reasons", REASONS, 6],
  ["social impact", SOCIAL_IMPACT, 3],
  ["extra benefits", EXTRA_BENEFITS, 3],
  ["about pillars", ABOUT_PILLARS, 3],
  ["about plans", ABOUT_PLANS, 2],
  ["vision and mission", VISION_AND_MISSION, 2],
  ["values", VALUES, 9],
  ["target groups", TARGET_GROUPS, 4],
  ["income sources", INCOME_SOURCES, 4],
  ["phases", PHASES, 3],
  ["key indicators", KEY_INDICATORS, 4],
  ["governance principles", PRINCIPLES, 4],
  ["organisational structure", STRUCTURE, 4],
  ["policies and oversight", POLICIES_AND_OVERSIGHT, 2],
  ["reports", REPORTS, 4],
  ["service sections", SERVICE_SECTIONS, 2],
  ["service channels", SERVICE_CHANNELS, 3],
  ["join steps", JOIN_STEPS, 3],
  ["media sections", MEDIA_SECTIONS, 3],
  ["feedback audiences", FEEDBACK_AUDIENCES, 2],
  ["volunteer benefits", VOLUNTEER_BENEFITS, 4],
] as const)("%s: %i items with unique keys", (_name, items, count) => {
  expect(items).toHaveLength(count);
  expect(new Set(items.map((item) => item.key)).size).toBe(count);
});

test("the six services are the spec's, each with features", () => {
  expect(titles(SERVICES)).toEqual([
    "الرعاية الصحية المتخصصة",
    "الدعم النفسي والاجتماعي",
    "الخدمات المنزلية",
    "الاستشارات عن بُعد",
    "التأهيل والتدريب",
    "الرعاية الشاملة",
  ]);
  for (const service of SERVICES) expect(service.points.length).toBeGreaterThanOrEqual(3);
});

test("the emergency line is announced as available 24/7", () => {
  expect(EMERGENCY_LINE.title).toContain("24/7");
});

test("the governance lists name the spec's principles and structure", () => {
  expect(titles(PRINCIPLES)).toEqual(["الشفافية", "المساءلة", "المشاركة", "الامتثال"]);
  expect(titles(STRUCTURE)).toEqual([
    "مجلس الإدارة",
    "الإدارة التنفيذية",
    "اللجان المتخصصة",
    "فرق العمل",
  ]);
});

test("the why page quotes the province's 200,000 elderly from the city figures", () => {
  const growingNeed = REASONS.find((reason) => reason.key === "reason-growing-need");
  expect(growingNeed?.description).toContain("200,000");
  expect(growingNeed?.description).toContain("2022");
});

test("link cards lead to the spec's routes", () => {
  expect(ABOUT_PILLARS.map((item) => item.to)).toEqual([
    "/about/vision",
    "/about/objectives",
    "/about/why",
  ]);
  expect(ABOUT_PLANS.map((item) => item.to)).toEqual(["/about/strategy", "/about/service-area"]);
  expect(SERVICE_SECTIONS.map((item) => item.to)).toEqual([
    "/services/services",
    "/services/programs",
  ]);
  // The spec's two sections, then the events (issue 24).
  expect(MEDIA_SECTIONS.map((item) => item.to)).toEqual([
    "/media/news",
    "/media/gallery",
    "/events",
  ]);
  expect(FEEDBACK_AUDIENCES.map((item) => item.to)).toEqual([
    "/feedback/visitors",
    "/feedback/beneficiaries",
  ]);
});

test("only the two audiences have a survey page", () => {
  expect(findFeedbackAudience("visitors")?.title).toBe("قياس رضا الزوار");
  expect(findFeedbackAudience("beneficiaries")?.title).toBe("قياس رضا المستفيدين");
  expect(findFeedbackAudience("unknown")).toBeUndefined();
  expect(findFeedbackAudience(undefined)).toBeUndefined();
});
