/**
 * Saudi IBANs (donation account, spec §3 and §5): "SA", two check digits, a two-digit bank
 * code and an 18-character account number — 24 characters, verified with ISO 13616's mod-97.
 */

/** The spec's minimum, checked first so its wording shows for a plainly short number (§5). */
export const IBAN_MIN_LENGTH = 15;
export const IBAN_TOO_SHORT = "رقم الآيبان يجب أن يكون 15 رقم على الأقل";
export const IBAN_NOT_SAUDI = "رقم الآيبان يجب أن يبدأ بالحرفين SA (آيبان سعودي)";
export const IBAN_WRONG_LENGTH = "رقم الآيبان السعودي يتكون من 24 خانة: SA ثم 22 رقماً";
export const IBAN_BAD_CHARACTERS = "رقم الآيبان يحتوي على رموز غير صحيحة؛ اكتب الحروف والأرقام فقط";
export const IBAN_BAD_CHECKSUM =
  "رقم الآيبان غير صحيح، فيه خانة مكتوبة خطأً. انسخه كما هو في كشف الحساب البنكي";

const SAUDI_IBAN_LENGTH = 24;
const SAUDI_IBAN_SHAPE = /^SA\d{4}[0-9A-Z]{18}$/;

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits as Latin ones: phones and banks print both. */
export function toLatinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) =>
    // Both ranges start at a code point ending in 0 (U+0660, U+06F0): the last hex digit is the value.
    String((digit.codePointAt(0) ?? 0) & 0xf),
  );
}

/** The IBAN as stored: without spaces (of any kind), upper-case, with Latin digits. */
export function normaliseIban(value: string): string {
  return toLatinDigits(value).replace(/\s+/g, "").toUpperCase();
}

/** ISO 13616: the first four characters moved to the end, letters as 10–35, mod 97 = 1. */
export function hasValidIbanChecksum(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = Number.parseInt(character, 36);
    if (Number.isNaN(value)) return false;
    // Letters stand for two digits; fold them in one at a time to stay within safe integers.
    remainder = value > 9 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/** The first problem with a (normalised) Saudi IBAN, as an Arabic message, or null. */
export function saudiIbanProblem(iban: string): string | null {
  if (iban.length < IBAN_MIN_LENGTH) return IBAN_TOO_SHORT;
  if (!iban.startsWith("SA")) return IBAN_NOT_SAUDI;
  if (iban.length !== SAUDI_IBAN_LENGTH) return IBAN_WRONG_LENGTH;
  if (!SAUDI_IBAN_SHAPE.test(iban)) return IBAN_BAD_CHARACTERS;
  if (!hasValidIbanChecksum(iban)) return IBAN_BAD_CHECKSUM;
  return null;
}

/** "SA4420000001234567891234" → "SA44 2000 0001 2345 6789 1234": easier to read aloud and check. */
export function inGroupsOfFour(value: string): string {
  return value.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}
