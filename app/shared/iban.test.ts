import { expect, test } from "vitest";
import {
  hasValidIbanChecksum,
  IBAN_BAD_CHARACTERS,
  IBAN_BAD_CHECKSUM,
  IBAN_NOT_SAUDI,
  IBAN_TOO_SHORT,
  IBAN_WRONG_LENGTH,
  normaliseIban,
  saudiIbanProblem,
  toLatinDigits,
} from "./iban";

const check = (typed: string) => saudiIbanProblem(normaliseIban(typed));

test("valid Saudi IBANs pass, however they are typed", () => {
  expect(check("SA0380000000608010167519")).toBeNull();
  expect(check("SA44 2000 0001 2345 6789 1234")).toBeNull();
  expect(check("sa0380000000608010167519")).toBeNull();
  expect(check("  Sa03 8000\u00a00000 6080\t1016 7519 ")).toBeNull();
});

test("spaces of any kind are removed and letters upper-cased for storage", () => {
  expect(normaliseIban(" sa03 8000 0000 6080 1016 7519 ")).toBe("SA0380000000608010167519");
  expect(normaliseIban("sa03\u00a08000\u20030000")).toBe("SA0380000000");
});

test("Arabic-Indic and Persian digits are read as the same numbers", () => {
  expect(toLatinDigits("٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789 0123456789");
  expect(check("SA٠٣ ٨٠٠٠ ٠٠٠٠ ٦٠٨٠ ١٠١٦ ٧٥١٩")).toBeNull();
});

test("one mistyped or swapped character fails the checksum", () => {
  expect(check("SA0380000000608010167518")).toBe(IBAN_BAD_CHECKSUM);
  expect(check("SA0380000000608010176519")).toBe(IBAN_BAD_CHECKSUM);
  expect(check("SA1380000000608010167519")).toBe(IBAN_BAD_CHECKSUM);
});

test("the spec's minimum comes first, then country, length and characters", () => {
  expect(check("SA03 8000 0000")).toBe(IBAN_TOO_SHORT);
  expect(IBAN_TOO_SHORT).toBe("رقم الآيبان يجب أن يكون 15 رقم على الأقل");
  // A valid German IBAN is still not a Saudi one.
  expect(check("DE89 3704 0044 0532 0130 00")).toBe(IBAN_NOT_SAUDI);
  expect(check("SA03 8000 0000 6080 1016 751")).toBe(IBAN_WRONG_LENGTH);
  expect(check("SA03 8000 0000 6080 1016 7519 1")).toBe(IBAN_WRONG_LENGTH);
  expect(check("SA03-8000000060801016751")).toBe(IBAN_BAD_CHARACTERS);
  expect(check("SAX380000000608010167519")).toBe(IBAN_BAD_CHARACTERS);
});

test("the checksum is ISO 13616's, letters included", () => {
  expect(hasValidIbanChecksum("GB82WEST12345698765432")).toBe(true);
  expect(hasValidIbanChecksum("GB82WEST12345698765433")).toBe(false);
  expect(hasValidIbanChecksum("SA03800000006080101675!9")).toBe(false);
});
