import { expect, test } from "vitest";
import { durationText, PROGRAMS, participantsText } from "./programs";

test("the six programs come in the spec's order", () => {
  expect(PROGRAMS.map((program) => program.title)).toEqual([
    "التمكين المهني",
    "التعلّم مدى الحياة",
    "الفنون والإبداع",
    "العلاج بالموسيقى",
    "المشاركة المجتمعية",
    "النشاط البدني والرياضة",
  ]);
});

test("durations and capacities follow spec §9 in order", () => {
  expect(PROGRAMS.map((program) => [program.duration, program.capacity])).toEqual([
    [{ months: 6 }, 50],
    ["continuous", 100],
    [{ months: 3 }, 75],
    [{ months: 4 }, 40],
    ["continuous", 200],
    [{ months: 6 }, 80],
  ]);
});

test("durations and participants read as correct Arabic", () => {
  expect(PROGRAMS.map((program) => durationText(program.duration))).toEqual([
    "6 أشهر",
    "مستمر",
    "3 أشهر",
    "4 أشهر",
    "مستمر",
    "6 أشهر",
  ]);
  expect(PROGRAMS.map((program) => participantsText(program.capacity))).toEqual([
    "50 مشاركاً",
    "100 مشارك",
    "75 مشاركاً",
    "40 مشاركاً",
    "200 مشارك",
    "80 مشاركاً",
  ]);
});

test("every program lists its features", () => {
  for (const program of PROGRAMS) expect(program.points.length).toBeGreaterThanOrEqual(3);
});
