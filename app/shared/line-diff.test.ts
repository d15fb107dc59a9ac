import { describe, expect, test } from "vitest";
import { diffLines } from "./line-diff";

describe("diffLines", () => {
  test("marks removed, added and kept lines in order", () => {
    expect(diffLines("أ\nب\nج", "أ\nج\nد")).toEqual([
      { kind: "same", text: "أ" },
      { kind: "removed", text: "ب" },
      { kind: "same", text: "ج" },
      { kind: "added", text: "د" },
    ]);
  });

  test("identical texts have no changes", () => {
    expect(diffLines("سطر\nآخر", "سطر\nآخر").every((line) => line.kind === "same")).toBe(true);
  });
});
