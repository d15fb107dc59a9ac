// Adds one open form of 20 fields of mixed kinds and `MANY_ANSWERS` (default 10,000) answers to
// DATA_DIR for bench/built-forms.js, written as the public form stores them, with the id and slug
// the bench chose (BENCH_FORM_ID, BENCH_FORM_SLUG). BENCH_FORM_REQUEST=1 makes it a request form
// that tells the seeded editor of each answer (issue 36's home-visit request: a reference, the
// request, its event, the acknowledgement and the staff's mail queued with every answer).
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FormAnswerValues, FormField } from "../app/shared/form-builder";
import { db, ensureDatabaseReady, getDatabaseHandle } from "../app/utils/db.server";
import { builtForms, formAnswers, users } from "../database/schema";

const COUNT = Number(process.env.MANY_ANSWERS ?? 10_000);
const BATCH = 500;
const CHOICES = ["الرياض", "جدة", "الدمام", "الخبر"];
const NEEDS = ["زيارة منزلية", "مرافقة إلى موعد", "اتصال أسبوعي", "أجهزة مساندة"];

/** The form's fields, exported so the bench sends answers that fit them. */
export const BENCH_FORM_FIELDS: FormField[] = [
  { key: "full_name", kind: "short_text", label: "الاسم الكامل", required: true, maxLength: 100 },
  { key: "mobile", kind: "mobile", label: "رقم الجوال", required: true },
  { key: "email", kind: "email", label: "البريد الإلكتروني", required: false },
  { key: "age", kind: "number", label: "العمر", required: true, min: 18, max: 120 },
  { key: "visit_day", kind: "date", label: "اليوم المناسب للزيارة", required: false },
  { key: "city", kind: "single_choice", label: "المدينة", required: true, options: CHOICES },
  { key: "needs", kind: "multi_choice", label: "ما تحتاجه", required: false, options: NEEDS },
  { key: "lives_alone", kind: "yes_no", label: "هل يعيش وحده؟", required: true },
  ...Array.from(
    { length: 11 },
    (_, index): FormField => ({
      key: `q${index}`,
      kind: index % 2 ? "long_text" : "short_text",
      label: `سؤال ${index + 1}`,
      required: false,
      maxLength: 500,
    }),
  ),
  {
    key: "consent",
    kind: "consent",
    label: "الموافقة",
    required: true,
    text: "أوافق على حفظ بياناتي",
  },
];

/** One answer's values, as the public form stores them. */
export function benchAnswer(n: number): FormAnswerValues {
  const values: FormAnswerValues = {
    full_name: `سعاد الحربي ${n}`,
    mobile: `+9665${String(10_000_000 + n).slice(-8)}`,
    email: `person${n}@example.test`,
    age: 60 + (n % 40),
    visit_day: "2026-12-15",
    city: CHOICES[n % CHOICES.length],
    needs: [NEEDS[n % NEEDS.length], NEEDS[(n + 1) % NEEDS.length]],
    lives_alone: n % 3 ? "no" : "yes",
    consent: true,
  };
  for (let q = 0; q < 11; q++) values[`q${q}`] = "نحتاج زيارة أسبوعية لوالدتي المسنّة في الخبر";
  return values;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureDatabaseReady();
  const asRequest = process.env.BENCH_FORM_REQUEST === "1";
  const told = asRequest
    ? (await db.select({ id: users.id }).from(users).where(eq(users.role, "editor")).limit(1)).map(
        (user) => user.id,
      )
    : [];
  const [form] = await db
    .insert(builtForms)
    .values({
      id: process.env.BENCH_FORM_ID ?? randomUUID(),
      slug: process.env.BENCH_FORM_SLUG ?? `bench-form-${randomBytes(4).toString("hex")}`,
      title: "استبيان الاحتياجات",
      fields: BENCH_FORM_FIELDS,
      status: "open",
      thankYou: "شكراً",
      purpose: "لنعرف احتياجات الأسر",
      retentionMonths: 12,
      answersCount: COUNT,
      isRequest: asRequest,
      notifyUserIds: told,
    })
    .returning();
  for (let start = 0; start < COUNT; start += BATCH) {
    const size = Math.min(BATCH, COUNT - start);
    await db.insert(formAnswers).values(
      Array.from({ length: size }, (_, offset) => {
        const n = start + offset;
        const createdAt = new Date(Date.now() - n * 60_000);
        const values = benchAnswer(n);
        return {
          formId: form.id,
          values,
          contactPhone: String(values.mobile),
          contactEmail: String(values.email),
          expiresAt: new Date(createdAt.getTime() + 365 * 86_400_000),
          createdAt,
        };
      }),
    );
  }
  await getDatabaseHandle().close();
  console.log(`${COUNT} answers on the form ${form.slug} of ${BENCH_FORM_FIELDS.length} fields`);
}
