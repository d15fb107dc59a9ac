import { expect, test } from "vitest";
import { INCOME_SOURCES, indicatorGoal, KEY_INDICATORS, PHASES, TARGET_GROUPS } from "./strategy";

test("three phases with their years and the targets of spec §9", () => {
  expect(PHASES.map(({ years, title, targets }) => ({ years, title, targets }))).toEqual([
    {
      years: "2025-2026",
      title: "مرحلة التأسيس",
      targets: { beneficiaries: 1000, programs: 5, partnerships: 10, centers: 1 },
    },
    {
      years: "2027-2028",
      title: "مرحلة التوسع",
      targets: { beneficiaries: 3000, programs: 12, partnerships: 25, centers: 3 },
    },
    {
      years: "2029-2030",
      title: "مرحلة الريادة",
      targets: { beneficiaries: 5000, programs: 20, partnerships: 50, centers: 5 },
    },
  ]);
});

test("four target groups and four income sources, as the spec names them", () => {
  expect(TARGET_GROUPS.map((group) => group.title)).toEqual([
    "المجتمع",
    "الأسرة",
    "الشباب",
    "كبار السن",
  ]);
  expect(INCOME_SOURCES.map((source) => source.title)).toEqual([
    "الدعم المباشر",
    "المبادرات والمشاريع",
    "الرعايات",
    "المشاريع الريادية غير الربحية",
  ]);
});

test("the four key indicators aim at the 2030 targets", () => {
  expect(KEY_INDICATORS.map((indicator) => indicatorGoal(indicator))).toEqual([5000, 20, 50, 5]);
});
