import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { changePasswordSchema, personalInfoSchema } from "./auth-schemas";
import { IBAN_BAD_CHECKSUM, IBAN_NOT_SAUDI } from "./iban";
import {
  contactInfoSchema,
  donationAccountSchema,
  LINK_INVALID,
  registrationSchema,
  SETTINGS_INTENTS,
  SETTINGS_SECTIONS,
  siteUrlSchema,
  socialLinksSchema,
} from "./settings-schemas";

type Schema = Parameters<typeof parseWithZod>[1]["schema"];

/** Parses fields the way the browser sends them: empty inputs become missing values. */
function parse(schema: Schema, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema });
}

const errorsOf = (schema: Schema, fields: Record<string, string>) => {
  const submission = parse(schema, fields);
  return submission.status === "success" ? {} : submission.error;
};

const parsedValue = (schema: Schema, fields: Record<string, string>) => {
  const submission = parse(schema, fields);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value as Record<string, unknown>;
};

describe("social links (spec §5)", () => {
  test("each is optional; empty ones are stored as empty strings", () => {
    expect(parsedValue(socialLinksSchema, { facebook: "https://facebook.com/rifq" })).toEqual({
      facebook: "https://facebook.com/rifq",
      twitter: "",
      instagram: "",
      youtube: "",
    });
  });

  test("a filled link must start with https://", () => {
    expect(
      errorsOf(socialLinksSchema, {
        facebook: "http://facebook.com/rifq",
        twitter: "x.com/rifq",
        instagram: "https://",
      }),
    ).toEqual({
      facebook: ["يجب أن يبدأ الرابط بـ https://"],
      twitter: ["يجب أن يبدأ الرابط بـ https://"],
      instagram: [LINK_INVALID],
    });
  });
});

describe("contact info (spec §5)", () => {
  const valid = { phone: "+966 (13) 555-1234", email: "info@rifq.org.sa", address: "الخبر" };

  test("required fields have the spec's messages", () => {
    expect(errorsOf(contactInfoSchema, {})).toEqual({
      phone: ["رقم الهاتف مطلوب"],
      email: ["البريد الإلكتروني مطلوب"],
      address: ["العنوان مطلوب"],
    });
  });

  test("a phone is digits, spaces, hyphens, parentheses and an optional leading +", () => {
    expect(parsedValue(contactInfoSchema, valid)).toEqual(valid);
    for (const phone of ["966+13", "013-555-abc", "+", "٠١٣#٥٥٥", "++966 13 555"]) {
      expect(errorsOf(contactInfoSchema, { ...valid, phone })).toEqual({
        phone: ["رقم الهاتف غير صحيح"],
      });
    }
  });

  test("Arabic-Indic digits in a phone are stored as Latin digits", () => {
    expect(parsedValue(contactInfoSchema, { ...valid, phone: "٠١٣ ٨٥٧ ٠٠٠٠" }).phone).toBe(
      "013 857 0000",
    );
  });

  test("the e-mail must be valid and the address under 200 characters", () => {
    expect(
      errorsOf(contactInfoSchema, { ...valid, email: "info@", address: "ب".repeat(201) }),
    ).toEqual({
      email: ["البريد الإلكتروني غير صحيح"],
      address: ["العنوان يجب أن يكون أقل من 200 حرف"],
    });
    expect(
      parsedValue(contactInfoSchema, { ...valid, address: "ب".repeat(200) }).address,
    ).toHaveLength(200);
  });
});

describe("donation account (spec §5)", () => {
  const valid = {
    title: "تبرّع لدعم كبار السن",
    account_number: "608010167519",
    bank_name: "مصرف الراجحي",
  };

  test("title, account number and bank name are required", () => {
    expect(errorsOf(donationAccountSchema, {})).toEqual({
      title: ["العنوان مطلوب"],
      account_number: ["رقم الحساب مطلوب"],
      bank_name: ["اسم البنك مطلوب"],
    });
  });

  test("the title is at most 100 characters; the description and IBAN are optional", () => {
    expect(errorsOf(donationAccountSchema, { ...valid, title: "ع".repeat(101) })).toEqual({
      title: ["العنوان يجب أن يكون أقل من 100 حرف"],
    });
    expect(parsedValue(donationAccountSchema, valid)).toEqual({
      ...valid,
      description: "",
      iban: "",
    });
  });

  test("an IBAN shorter than 15 gets the spec's message; longer ones must be Saudi and sound", () => {
    const ibanErrors = (iban: string) => errorsOf(donationAccountSchema, { ...valid, iban });
    expect(ibanErrors("SA03 8000 0000")).toEqual({
      iban: ["رقم الآيبان يجب أن يكون 15 رقم على الأقل"],
    });
    expect(ibanErrors("DE89 3704 0044 0532 0130 00")).toEqual({ iban: [IBAN_NOT_SAUDI] });
    expect(ibanErrors("SA03 8000 0000 6080 1016 7518")).toEqual({ iban: [IBAN_BAD_CHECKSUM] });
  });

  test("an IBAN typed with spaces and in lower case is stored compact and upper-case", () => {
    const value = parsedValue(donationAccountSchema, {
      ...valid,
      iban: "sa03 8000 0000 6080 1016 7519",
    });
    expect(value.iban).toBe("SA0380000000608010167519");
  });

  test("an account number is digits, optionally grouped", () => {
    expect(
      parsedValue(donationAccountSchema, { ...valid, account_number: "٦٠٨ ٠١٠ ١٦٧٥١٩" }),
    ).toEqual(expect.objectContaining({ account_number: "608 010 167519" }));
    expect(errorsOf(donationAccountSchema, { ...valid, account_number: "IBAN?" })).toEqual({
      account_number: ["رقم الحساب يتكون من أرقام فقط (يمكن فصلها بمسافات)"],
    });
  });
});

describe("registration and site URL (spec §5)", () => {
  test("a ticked box allows registration; an unticked one sends nothing and closes it", () => {
    expect(parsedValue(registrationSchema, { allow_registration: "on" })).toEqual({
      allow_registration: true,
    });
    expect(parsedValue(registrationSchema, {})).toEqual({ allow_registration: false });
  });

  test("the site URL is required and starts with http:// or https://", () => {
    expect(errorsOf(siteUrlSchema, {})).toEqual({ site_url: ["رابط الموقع مطلوب"] });
    expect(errorsOf(siteUrlSchema, { site_url: "rifq.org.sa" })).toEqual({
      site_url: ["يجب أن يبدأ الرابط بـ http:// أو https://"],
    });
    expect(errorsOf(siteUrlSchema, { site_url: "https://" })).toEqual({
      site_url: ["رابط الموقع غير صحيح، مثال صحيح: https://rifq.org.sa"],
    });
    expect(parsedValue(siteUrlSchema, { site_url: "https://rifq.org.sa/" })).toEqual({
      site_url: "https://rifq.org.sa",
    });
    expect(parsedValue(siteUrlSchema, { site_url: "http://localhost:3000" }).site_url).toBe(
      "http://localhost:3000",
    );
  });
});

describe("the account sections of the same screen (spec §5)", () => {
  test("personal info: the name is required and under 100 characters", () => {
    expect(errorsOf(personalInfoSchema, {})).toEqual({ fullName: ["الاسم مطلوب"] });
    expect(errorsOf(personalInfoSchema, { fullName: "س".repeat(101) })).toEqual({
      fullName: ["الاسم يجب أن يكون أقل من 100 حرف"],
    });
  });

  test("password: every field required, at least 6 characters, and the two must match", () => {
    expect(errorsOf(changePasswordSchema, {})).toEqual({
      currentPassword: ["كلمة المرور الحالية مطلوبة"],
      newPassword: ["كلمة المرور الجديدة مطلوبة"],
      confirmPassword: ["تأكيد كلمة المرور مطلوب"],
    });
    const base = { currentPassword: "Old-pass-1" };
    expect(
      errorsOf(changePasswordSchema, { ...base, newPassword: "a1", confirmPassword: "a1" }),
    ).toEqual({ newPassword: ["كلمة المرور يجب أن تكون 6 أحرف على الأقل"] });
    expect(
      errorsOf(changePasswordSchema, {
        ...base,
        newPassword: "New-pass-2026",
        confirmPassword: "New-pass-2027",
      }),
    ).toEqual({ confirmPassword: ["كلمة المرور الجديدة وتأكيدها غير متطابقتين"] });
  });
});

test("every section has the spec's failure message (§8)", () => {
  expect(
    Object.fromEntries(SETTINGS_INTENTS.map((i) => [i, SETTINGS_SECTIONS[i].failure])),
  ).toEqual({
    "update-registration": "فشل في تحديث إعدادات التسجيل",
    "update-social-links": "فشل في تحديث الروابط",
    "update-contact-info": "فشل في تحديث معلومات الاتصال",
    "update-donation-account": "فشل في تحديث حساب التبرعات",
    "update-site-url": "فشل في تحديث رابط الموقع",
  });
});
