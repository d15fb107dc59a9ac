import { describe, expect, test } from "vitest";
import { countOf, formatCount } from "./format";

describe("formatCount", () => {
  test("groups thousands from five digits on, in Western digits", () => {
    expect(formatCount(5)).toBe("5");
    expect(formatCount(1000)).toBe("1000");
    expect(formatCount(50_000)).toBe("50,000");
    expect(formatCount(200_000)).toBe("200,000");
  });
});

describe("countOf", () => {
  const months = { singular: "شهر", dual: "شهران", plural: "أشهر", accusative: "شهراً" };

  test("uses the plural after 3 to 10", () => {
    expect(countOf(3, months)).toBe("3 أشهر");
    expect(countOf(10, months)).toBe("10 أشهر");
  });

  test("uses the accusative singular after 11 to 99", () => {
    expect(countOf(11, months)).toBe("11 شهراً");
    expect(countOf(75, months)).toBe("75 شهراً");
  });

  test("uses the singular after round hundreds and thousands, and the dual for 2", () => {
    expect(countOf(100, months)).toBe("100 شهر");
    expect(countOf(1000, months)).toBe("1000 شهر");
    expect(countOf(2, months)).toBe("شهران");
  });

  test("follows the last two digits above a hundred", () => {
    expect(countOf(105, months)).toBe("105 أشهر");
    expect(countOf(150, months)).toBe("150 شهراً");
  });
});
