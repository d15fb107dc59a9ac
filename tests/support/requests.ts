import { eq, sql } from "drizzle-orm";
import { requestFollowUpToken } from "~/models/requests.server";
import type { FormAnswerValues, FormField, RequestState } from "~/shared/form-builder";
import { requestReference } from "~/shared/form-builder";
import { db } from "~/utils/db.server";
import {
  builtForms,
  formAnswerFiles,
  formAnswers,
  requestEvents,
  requests,
} from "../../database/schema";

/**
 * A request form, answers and their requests written straight into the tables (the public
 * form's submit function is another module's): what the requests inbox and follow-up page read.
 */

export const HOME_VISIT_FIELDS: FormField[] = [
  { key: "full_name", kind: "short_text", label: "الاسم الكامل", required: true, maxLength: 100 },
  { key: "mobile", kind: "mobile", label: "رقم الجوال", required: true },
  { key: "email", kind: "email", label: "البريد الإلكتروني", required: false },
  { key: "need", kind: "long_text", label: "ما الذي تحتاجه؟", required: true, maxLength: 1000 },
  { key: "photo", kind: "file", label: "صورة", required: false, accept: "image", maxMb: 5 },
];

let forms = 0;
/** Where this process's references start, so two runs on one database never meet. */
let numbers = Math.floor(Math.random() * 900_000);

export async function createRequestForm(title = "طلب زيارة منزلية") {
  forms += 1;
  const [form] = await db
    .insert(builtForms)
    .values({
      slug: `request-form-${Date.now()}-${forms}`,
      title,
      fields: HOME_VISIT_FIELDS,
      status: "open",
      isRequest: true,
      thankYou: "شكراً، وصلنا طلبك.",
      purpose: "لنرتّب الزيارة",
      retentionMonths: 12,
    })
    .returning();
  return form;
}

export interface RequestFixture {
  id: string;
  answerId: string;
  reference: string;
  token: string;
}

/** An answer to `formId` and its request ("created" in its history), as the public form makes it. */
export async function createRequest(
  formId: string,
  input: {
    name?: string;
    phone?: string;
    email?: string | null;
    need?: string;
    state?: RequestState;
    assigneeId?: string | null;
    dueOn?: string | null;
    createdAt?: Date;
    withFile?: boolean;
  } = {},
): Promise<RequestFixture> {
  numbers += 1;
  const values: FormAnswerValues = {
    full_name: input.name ?? "سعاد الحربي",
    mobile: input.phone ?? "+966501234567",
    email: input.email ?? null,
    need: input.need ?? "زيارة لوالدتي المسنّة",
  };
  const createdAt = input.createdAt ?? new Date();
  const [answer] = await db
    .insert(formAnswers)
    .values({
      formId,
      values,
      contactPhone: input.phone ?? "+966501234567",
      contactEmail: input.email === undefined ? "person@example.test" : input.email,
      expiresAt: new Date(createdAt.getTime() + 365 * 86_400_000),
      createdAt,
    })
    .returning();
  if (input.withFile) {
    const [file] = await db
      .insert(formAnswerFiles)
      .values({
        answerId: answer.id,
        fieldKey: "photo",
        storageKey: `form-files/${answer.id}.jpg`,
        fileName: "البيت.jpg",
        contentType: "image/jpeg",
        size: 1234,
      })
      .returning();
    await db
      .update(formAnswers)
      .set({ values: { ...values, photo: file.id } })
      .where(eq(formAnswers.id, answer.id));
  }
  const [{ year }] = await db
    .select({ year: sql<number>`extract(year from now())::int` })
    .from(sql`(select 1) as one`);
  const reference = requestReference(year, numbers);
  const [request] = await db
    .insert(requests)
    .values({
      answerId: answer.id,
      formId,
      reference,
      state: input.state ?? "received",
      assigneeId: input.assigneeId ?? null,
      dueOn: input.dueOn ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await db.insert(requestEvents).values({ requestId: request.id, kind: "created", createdAt });
  // The form's count moves with each answer, as the public form's transaction moves it.
  await db
    .update(builtForms)
    .set({ answersCount: sql`${builtForms.answersCount} + 1` })
    .where(eq(builtForms.id, formId));
  return {
    id: request.id,
    answerId: answer.id,
    reference,
    token: requestFollowUpToken(request.id),
  };
}
