import { count } from "drizzle-orm";
import { beforeAll, describe, test } from "vitest";
import { createForm } from "~/models/built-forms.server";
import { action as builderAction } from "~/routes/admin/forms/form";
import { action as formAction } from "~/routes/site/built-form";
import { db } from "~/utils/db.server";
import { builtForms, formAnswerFiles, formAnswers, requests } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import { arabicText, expectStorableText, FUZZ_TIMEOUT, fc, fuzzAction } from "../support/fuzz";

// Forms built by staff (docs/decisions/071): the public form and the builder never answer 500,
// whatever is sent (a field twice, as a list, a forged list intent); nothing is written on a
// refusal.

let admin: TestUser;

const counts = async () => ({
  forms: (await db.select({ total: count() }).from(builtForms))[0].total,
  answers: (await db.select({ total: count() }).from(formAnswers))[0].total,
  files: (await db.select({ total: count() }).from(formAnswerFiles))[0].total,
  requests: (await db.select({ total: count() }).from(requests))[0].total,
});

beforeAll(async () => {
  admin = await createUser("admin");
  await createForm(admin, {
    title: "طلب زيارة",
    slug: "fuzz-visit",
    fields: [
      { key: "f1", kind: "short_text", label: "الاسم", required: true, maxLength: 60 },
      { key: "f2", kind: "mobile", label: "الجوال", required: true },
      { key: "f3", kind: "multi_choice", label: "الاحتياج", required: false, options: ["أ", "ب"] },
      { key: "f4", kind: "number", label: "العمر", required: false, min: 1, max: 120 },
      { key: "f5", kind: "date", label: "الموعد", required: false },
      { key: "f6", kind: "consent", label: "الموافقة", required: true, text: "أوافق" },
    ],
    status: "open",
    isRequest: true,
    thankYou: "شكراً",
    purpose: "اختبار",
    retentionMonths: 1,
    notifyUserIds: [],
  });
});

describe("fuzzing built forms", () => {
  test(
    "the public form never crashes and keeps only valid answers",
    () =>
      fuzzAction({
        action: formAction,
        user: null,
        target: { path: "/forms/fuzz-visit", params: { slug: "fuzz-visit" } },
        plausible: {
          f1: arabicText(0, 80),
          f2: fc.constantFrom("0501234567", "٠٥٠١٢٣٤٥٦٧", "12345", ""),
          f3: fc.constantFrom("أ", "ب", "ج", ""),
          f4: fc.constantFrom("1", "120", "0", "x", "1e9", ""),
          f5: fc.constantFrom("2026-12-01", "2026-13-40", "x", ""),
          f6: fc.constantFrom("on", "", "yes"),
        },
        state: counts,
        expectValid: async () => {
          for (const row of await db.select().from(formAnswers)) {
            expectStorableText(String(row.values.f1 ?? ""), "a built form's answer");
          }
        },
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the builder never crashes",
    () =>
      fuzzAction({
        action: builderAction,
        user: admin,
        target: { path: "/admin/dashboard/forms/new" },
        plausible: {
          title: arabicText(0, 40),
          slug: fc.constantFrom("visit", "", "زيارة"),
          "fields[0].kind": fc.constantFrom("short_text", "file", "consent", "nope", ""),
          "fields[0].label": arabicText(0, 20),
          "fields[0].maxMb": fc.constantFrom("1", "20", "21", "x", ""),
          "fields[0].options": arabicText(0, 20),
          status: fc.constantFrom("draft", "open", "x"),
          thankYou: arabicText(0, 20),
          purpose: arabicText(0, 20),
          retentionMonths: fc.constantFrom("1", "120", "0", "x"),
          __intent__: fc.constantFrom(
            "",
            "{",
            '{"type":"reorder","payload":{"name":"title","from":0,"to":1}}',
            '{"type":"remove","payload":{"name":"fields","index":0}}',
          ),
        },
        state: counts,
      }),
    FUZZ_TIMEOUT,
  );
});
