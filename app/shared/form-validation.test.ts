import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FIELD_REPEATED, parseForm } from "./form-validation";

const schema = z.object({
  title: z.string({ error: "العنوان مطلوب" }).min(1, "العنوان مطلوب"),
});

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("parseForm", () => {
  it("refuses a field sent twice beside that field, in Arabic", () => {
    const submission = parseForm(
      form([
        ["title", "أ"],
        ["title", "ب"],
      ]),
      { schema },
    );
    if (submission.status === "success") throw new Error("a repeated field was accepted");
    expect(submission.error?.title).toEqual([FIELD_REPEATED]);
  });

  // A fuzzed form named a field after Object.prototype's keys: the shape walk must not find them.
  it.each(["toString", "constructor", "__proto__", "hasOwnProperty", "toString[0]", "valueOf.x"])(
    "ignores an unknown field named %s instead of crashing",
    (name) => {
      const submission = parseForm(
        form([
          [name, "x"],
          [name, "y"],
          ["title", "عنوان"],
        ]),
        { schema },
      );
      if (submission.status !== "success")
        throw new Error(`refused: ${JSON.stringify(submission.error)}`);
      expect(submission.value).toEqual({ title: "عنوان" });
    },
  );
});
