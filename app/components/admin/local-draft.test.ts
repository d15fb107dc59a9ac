import { beforeEach, expect, test } from "vitest";
import { forgetLocalDraft, keepLocalDraft, readLocalDraft } from "./local-draft";

// Node has no localStorage: a minimal one, as a browser's behaves for these calls.
beforeEach(() => {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as Storage;
});

const texts = { title: "عنوان لم يُحفظ", excerpt: "", content: "<p>نص طويل كتبه المحرر</p>" };

test("a post's unsaved texts come back on the version they were written on, not after a save", () => {
  keepLocalDraft("post-1", "2026-11-30T10:00:00.000Z", texts);
  expect(readLocalDraft("post-1", "2026-11-30T10:00:00.000Z")?.fields).toEqual(texts);
  expect(readLocalDraft("post-1", "2026-11-30T10:05:00.000Z")).toBeNull();
  expect(readLocalDraft("post-2", "2026-11-30T10:00:00.000Z")).toBeNull();
  forgetLocalDraft("post-1");
  expect(readLocalDraft("post-1", "2026-11-30T10:00:00.000Z")).toBeNull();
});

test("a new post's copy is kept apart; a damaged copy or a refused storage is no error", () => {
  keepLocalDraft(undefined, "", texts);
  expect(readLocalDraft(undefined, "")?.fields).toEqual(texts);
  localStorage.setItem("rifq:post-draft:new", "{not json");
  expect(readLocalDraft(undefined, "")).toBeNull();
  localStorage.setItem = () => {
    throw new Error("QuotaExceededError");
  };
  expect(() => keepLocalDraft(undefined, "", texts)).not.toThrow();
});
