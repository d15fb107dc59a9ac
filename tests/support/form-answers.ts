import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FormField } from "~/shared/form-builder";
import { db } from "~/utils/db.server";
import { getStorage } from "~/utils/storage.server";
import {
  builtForms,
  formAnswerFiles,
  formAnswers,
  requestEvents,
  requests,
} from "../../database/schema";
import { imageBytes } from "./images";

// Forms, answers and their files as the public form stores them (issue 36), for the tests of
// what reads and deletes them: answers' contact columns normalised, files in the real Storage.

const FIELDS: FormField[] = [
  { key: "name", label: "الاسم", kind: "short_text", required: true, maxLength: 100 },
  { key: "mobile", label: "الجوال", kind: "mobile", required: true },
  { key: "email", label: "البريد", kind: "email", required: false },
  { key: "photo", label: "صورة", kind: "file", required: false, accept: "image", maxMb: 5 },
];

let forms = 0;

/** A form (open, a request form unless told), with its answer count at 0. */
export async function createTestForm(options: { title?: string; isRequest?: boolean } = {}) {
  const [form] = await db
    .insert(builtForms)
    .values({
      slug: `test-form-${++forms}-${Date.now().toString(36)}`,
      title: options.title ?? "طلب زيارة منزلية",
      fields: FIELDS,
      status: "open",
      isRequest: options.isRequest ?? true,
      thankYou: "شكراً",
      purpose: "لنتواصل معك بشأن طلبك",
      retentionMonths: 12,
    })
    .returning();
  return form;
}

export interface TestAnswer {
  formId: string;
  /** +9665XXXXXXXX, as the form stores it. */
  phone?: string | null;
  email?: string | null;
  /** A photo stored with the answer (a real PNG in Storage). */
  photo?: boolean;
  expiresAt?: Date;
  createdAt?: Date;
}

let references = 0;

/**
 * An answer as the public form stores it: the form's count moved, its photo in Storage, and for
 * a request form its request and first history row. Answers the rows and the photo's key.
 */
export async function insertTestAnswer(input: TestAnswer) {
  const createdAt = input.createdAt ?? new Date();
  const photoKey = input.photo ? `form-answers/${randomUUID()}.png` : null;
  if (photoKey) await getStorage().put(photoKey, await imageBytes(), "image/png");
  return db.transaction(async (tx) => {
    const [form] = await tx
      .update(builtForms)
      .set({ answersCount: sql`${builtForms.answersCount} + 1` })
      .where(eq(builtForms.id, input.formId))
      .returning();
    const [answer] = await tx
      .insert(formAnswers)
      .values({
        formId: input.formId,
        values: { name: "سارة", mobile: input.phone ?? null, email: input.email ?? null },
        contactPhone: input.phone ?? null,
        contactEmail: input.email ?? null,
        createdAt,
        expiresAt:
          input.expiresAt ?? new Date(createdAt.getTime() + form.retentionMonths * 31 * 86_400_000),
      })
      .returning();
    if (photoKey) {
      await tx.insert(formAnswerFiles).values({
        answerId: answer.id,
        fieldKey: "photo",
        storageKey: photoKey,
        fileName: "صورة المنزل.png",
        contentType: "image/png",
        size: 1000,
      });
    }
    let request = null;
    if (form.isRequest) {
      [request] = await tx
        .insert(requests)
        .values({
          answerId: answer.id,
          formId: form.id,
          reference: `ط-2026-${String(++references + Math.floor(Math.random() * 900_000)).padStart(6, "0")}`,
        })
        .returning();
      await tx.insert(requestEvents).values({ requestId: request.id, kind: "created" });
    }
    return { answer, request, photoKey };
  });
}
