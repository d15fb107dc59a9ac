import { describe, expect, test } from "vitest";
import { DEFAULT_POST_STATUS, publishedAtFor, toggledStatus } from "./post-status";

describe("the list's publish toggle (spec §4)", () => {
  test("published becomes draft", () => {
    expect(toggledStatus("published")).toBe("draft");
  });
  test("draft and archived become published", () => {
    expect(toggledStatus("draft")).toBe("published");
    expect(toggledStatus("archived")).toBe("published");
  });
  test("a new post is a draft", () => {
    expect(DEFAULT_POST_STATUS).toBe("draft");
  });
});

describe("published_at", () => {
  const now = new Date("2026-03-01T09:00:00Z");
  const earlier = new Date("2026-01-15T12:00:00Z");

  test("is now when a post becomes published", () => {
    expect(publishedAtFor("published", null, now)).toBe(now);
  });
  test("keeps the original date when a published post is saved again", () => {
    expect(publishedAtFor("published", earlier, now)).toBe(earlier);
  });
  test("is cleared for drafts and archived posts", () => {
    expect(publishedAtFor("draft", earlier, now)).toBeNull();
    expect(publishedAtFor("archived", earlier, now)).toBeNull();
  });
});
