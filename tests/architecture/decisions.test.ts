import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";

const DIR = "docs/decisions";

test("every decision record has a title, a date and a status", () => {
  const records = readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name));
  expect(records.length).toBeGreaterThan(20);
  for (const name of records) {
    const [title, , dated] = readFileSync(`${DIR}/${name}`, "utf8").split("\n");
    expect(title, name).toMatch(new RegExp(`^# ${name.slice(0, 3)} — `));
    expect(dated, name).toMatch(
      /^Date: \d{4}-\d{2}-\d{2} · Status: (accepted|superseded by \d{3})/,
    );
  }
});
