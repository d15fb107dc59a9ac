// Adds one request form with 20 fields and `MANY_REQUESTS` (default 10,000) answers and their
// requests to DATA_DIR for bench/requests-inbox.js, written as the public form stores them.
import { randomBytes } from "node:crypto";
import type { FormAnswerValues, FormField } from "../app/shared/form-builder";
import { requestReference } from "../app/shared/form-builder";
import { db, ensureDatabaseReady, getDatabaseHandle } from "../app/utils/db.server";
import { builtForms, formAnswers, requestEvents, requests } from "../database/schema";

const COUNT = Number(process.env.MANY_REQUESTS ?? 10_000);
const BATCH = 500;
const STATES = ["received", "in_review", "scheduled", "done", "declined"] as const;

const fields: FormField[] = [
  { key: "full_name", kind: "short_text", label: "الاسم الكامل", required: true, maxLength: 100 },
  { key: "mobile", kind: "mobile", label: "رقم الجوال", required: true },
  { key: "email", kind: "email", label: "البريد الإلكتروني", required: false },
  ...Array.from(
    { length: 17 },
    (_, index): FormField => ({
      key: `q${index}`,
      kind: "long_text",
      label: `سؤال ${index + 1}`,
      required: false,
      maxLength: 500,
    }),
  ),
];

await ensureDatabaseReady();
const [form] = await db
  .insert(builtForms)
  .values({
    slug: `bench-requests-${randomBytes(4).toString("hex")}`,
    title: "طلب زيارة منزلية",
    fields,
    status: "open",
    isRequest: true,
    thankYou: "شكراً",
    purpose: "لنرتّب الزيارة",
    retentionMonths: 12,
  })
  .returning();
const year = new Date().getUTCFullYear();
for (let start = 0; start < COUNT; start += BATCH) {
  const size = Math.min(BATCH, COUNT - start);
  const made = Array.from({ length: size }, (_, offset) => {
    const n = start + offset;
    const createdAt = new Date(Date.now() - n * 60_000);
    const values: FormAnswerValues = {
      full_name: `سعاد الحربي ${n}`,
      mobile: `+9665${String(10_000_000 + n).slice(-8)}`,
      email: `person${n}@example.test`,
    };
    for (let q = 0; q < 17; q++) values[`q${q}`] = "نحتاج زيارة أسبوعية لوالدتي المسنّة في الخبر";
    return { n, createdAt, values };
  });
  const answers = await db
    .insert(formAnswers)
    .values(
      made.map(({ n, createdAt, values }) => ({
        formId: form.id,
        values,
        contactPhone: String(values.mobile),
        contactEmail: `person${n}@example.test`,
        expiresAt: new Date(createdAt.getTime() + 365 * 86_400_000),
        createdAt,
      })),
    )
    .returning({ id: formAnswers.id });
  const rows = await db
    .insert(requests)
    .values(
      made.map(({ n, createdAt }, index) => ({
        answerId: answers[index].id,
        formId: form.id,
        reference: requestReference(year, n + 1),
        state: STATES[n % STATES.length],
        dueOn: n % 7 === 0 ? "2020-01-01" : null,
        createdAt,
        updatedAt: createdAt,
      })),
    )
    .returning({ id: requests.id, createdAt: requests.createdAt });
  await db.insert(requestEvents).values(
    rows.map((row) => ({
      requestId: row.id,
      kind: "created" as const,
      createdAt: row.createdAt,
    })),
  );
}
console.log(`${COUNT} requests on one form of ${fields.length} fields`);
await getDatabaseHandle().close();
