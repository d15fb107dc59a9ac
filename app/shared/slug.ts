import { dropArabicMarks } from "./arabic-normalise";

const ARABIC_SCRIPT = /\p{Script=Arabic}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

const keepsCharacter = (character: string) =>
  ARABIC_SCRIPT.test(character) && LETTER_OR_DIGIT.test(character);

/**
 * The URL slug of a title (spec §5): lower-cased; everything but Arabic letters, word
 * characters, whitespace and hyphens removed; whitespace runs turned into hyphens; trimmed.
 * Beyond the spec: diacritics and tatweel are dropped (so "رِفق" and "رفق" give one slug),
 * Arabic punctuation such as "،" and "؟" goes too, and hyphens never double or dangle.
 */
export function slugify(text: string): string {
  return dropArabicMarks(text.normalize("NFC").toLowerCase())
    .replace(/[^\w\s-]/gu, (character) => (keepsCharacter(character) ? character : ""))
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}
