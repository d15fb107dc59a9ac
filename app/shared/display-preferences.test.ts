import { expect, test } from "vitest";
import {
  displayAttributes,
  displayCookies,
  displayKey,
  readDisplayPreferences,
} from "./display-preferences";

test("reads the reader's choices from the cookies, ignoring anything else", () => {
  expect(readDisplayPreferences("a=1; rifq_text_size=150; rifq_contrast=more")).toEqual({
    textSize: "150",
    contrast: "more",
  });
  expect(readDisplayPreferences("rifq_text_size=999; rifq_contrast=<script>")).toEqual({
    textSize: "100",
    contrast: "system",
  });
  expect(readDisplayPreferences(undefined)).toEqual({ textSize: "100", contrast: "system" });
});

test("the default size and the system contrast leave <html> untouched", () => {
  expect(displayAttributes({ textSize: "100", contrast: "system" })).toEqual({
    "data-text-size": undefined,
    "data-contrast": undefined,
  });
  expect(displayAttributes({ textSize: "125", contrast: "normal" })).toEqual({
    "data-text-size": "125",
    "data-contrast": "normal",
  });
});

test("cookies last a year on the whole site; the cache key has one value per way of showing", () => {
  expect(displayCookies({ textSize: "125" })).toEqual([
    "rifq_text_size=125; Path=/; Max-Age=31536000; SameSite=Lax",
  ]);
  expect(displayCookies({ textSize: undefined, contrast: undefined })).toEqual([]);
  expect(displayKey("rifq_contrast=more")).toBe("100-more");
  expect(displayKey("rifq_text_size=bogus")).toBe("100-system");
});
