import { expect, test } from "vitest";
import { CITIES, SERVICE_AREA } from "./cities";

test("the six cities carry the figures of spec §9, in order", () => {
  expect(CITIES.map((city) => [city.name, city.elderly, city.healthFacilities])).toEqual([
    ["الدمام", 50_000, 15],
    ["الخبر", 35_000, 12],
    ["الظهران", 25_000, 8],
    ["القطيف", 40_000, 18],
    ["الجبيل", 30_000, 10],
    ["الأحساء", 20_000, 14],
  ]);
});

test("the Eastern Province overview adds up to 200,000 elderly, 6 cities, 77 facilities", () => {
  expect(SERVICE_AREA).toEqual({ elderly: 200_000, cities: 6, healthFacilities: 77 });
});

test("city keys are unique, so their content blocks are too", () => {
  expect(new Set(CITIES.map((city) => city.key)).size).toBe(CITIES.length);
});
