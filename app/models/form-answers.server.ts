import { randomUUID } from "node:crypto";
import {
  and,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
  type WithSubquery,
} from "drizzle-orm";
import { ANSWER_MESSAGES, contactOf, storedValues } from "~/shared/built-form-answers";
import { staffSection } from "~/shared/content-types";
import { ConflictError, InvalidInputError, NotFoundError } from "~/shared/domain-errors";
import type { FormAnswerValues, FormField } from "~/shared/form-builder";
import { normaliseSaudiMobile } from "~/shared/outreach-fields";
import { readCountedPage } from "~/shared/pagination";
import { type Actor, assertRole } from "~/shared/roles";
import { now } from "~/utils/clock.server";
import { db } from "~/utils/db.server";
import {
  containing,
  containingPattern,
  isUuid,
  newestFirst,
  phoneContaining,
} from "~/utils/db-helpers.server";
import { checkPdf } from "~/utils/pdf-file.server";
import { getStorage } from "~/utils/storage.server";
import {
  builtForms,
  formAnswerFiles,
  formAnswers,
  mailQueue,
  requestEvents,
  requests,
  users,
} from "../../database/schema";
import { type BuiltForm, removeStoredFiles } from "./built-forms.server";
import { mailQueueRow, type OutgoingMail } from "./mail-queue.server";
import {
  nextNumberFrom,
  type OpenedRequest,
  requestOpening,
  riyadhYear,
} from "./request-opening.server";

// The answers of built forms (issue 36, docs/decisions/071): sent by the public, read by staff.

/** Where answers' files live in storage; /uploads never serves this folder (server/app.ts). */
export const FORM_ANSWER_FILES_FOLDER = "form-answers";

const ANSWER_NOT_FOUND = "الإجابة غير موجودة";

export const FORM_CLOSED = "هذا النموذج لا يستقبل إجابات الآن";
export const FORM_FULL = "اكتمل عدد الإجابات التي يستقبلها هذا النموذج، شكراً لاهتمامك";
export const FORM_PAST_CLOSING = "انتهى موعد استقبال الإجابات على هذا النموذج";

/** Why a form takes no answer now, or null when it does. */
export function whyClosed(
  form: Pick<BuiltForm, "status" | "closesAt" | "maxAnswers" | "answersCount">,
  at = now(),
) {
  if (form.status !== "open") return FORM_CLOSED;
  if (form.closesAt && form.closesAt <= at) return FORM_PAST_CLOSING;
  if (form.maxAnswers !== null && form.answersCount >= form.maxAnswers) return FORM_FULL;
  return null;
}

const IMAGE_TYPES: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  heif: "image/heic",
  avif: "image/avif",
};

/** What a file is, read from its bytes (never its name): a PDF that opens, an image that decodes. */
async function fileTypeOf(bytes: Buffer): Promise<{ contentType: string; ext: string } | null> {
  if ((await checkPdf(bytes)) === "pdf") return { contentType: "application/pdf", ext: "pdf" };
  try {
    const { default: sharp } = await import("sharp");
    const { format, width, height } = await sharp(bytes, {
      limitInputPixels: 60_000_000,
    }).metadata();
    const contentType = format ? IMAGE_TYPES[format] : undefined;
    if (contentType && width && height)
      return { contentType, ext: format === "jpeg" ? "jpg" : String(format) };
  } catch {
    // Not an image either.
  }
  return null;
}

const accepts = (field: FormField & { kind: "file" }, contentType: string) =>
  field.accept === "pdf_or_image" ||
  (field.accept === "pdf") === (contentType === "application/pdf");

interface WrittenFile {
  fieldKey: string;
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** Checks each file by its bytes and writes it privately; a refusal is said beside its field. */
async function writeFiles(
  formId: string,
  files: ReturnType<typeof storedValues>["files"],
): Promise<WrittenFile[]> {
  const written: WrittenFile[] = [];
  try {
    for (const { field, file } of files) {
      const bytes = Buffer.from(await file.arrayBuffer());
      const type = await fileTypeOf(bytes);
      if (!type || !accepts(field, type.contentType)) {
        throw new InvalidInputError(ANSWER_MESSAGES.file(field.label, field.accept), field.key);
      }
      const storageKey = `${FORM_ANSWER_FILES_FOLDER}/${formId}/${randomUUID()}.${type.ext}`;
      await getStorage().put(storageKey, bytes, type.contentType);
      written.push({
        fieldKey: field.key,
        storageKey,
        fileName: (file.name || `file.${type.ext}`).slice(0, 200),
        contentType: type.contentType,
        size: bytes.length,
      });
    }
  } catch (error) {
    await removeStoredFiles(written.map((file) => file.storageKey));
    throw error;
  }
  return written;
}

export interface SentAnswer {
  answerId: string;
  request: OpenedRequest | null;
}

/**
 * Keeps an answer: its files first (checked by their bytes, stored privately), then in ONE
 * transaction of two statements:
 * 1. the form's count moved — one conditional UPDATE that takes the form's row lock and checks the
 *    status, the closing date and the maximum — and, for a request form, the year's next number;
 * 2. the answer, its files' rows and — for a request form — the request, its "created" event and
 *    its acknowledgement, with the mails to the staff chosen (the form's name and a staff link
 *    only), as data-modifying CTEs (docs/decisions/083).
 * If the transaction fails, the files are removed. `form` is the row the caller already read (the
 * public form's action), or its id.
 */
export async function sendAnswer(
  formOrId: BuiltForm | string,
  parsed: Record<string, unknown>,
  { baseUrl }: { baseUrl: string | (() => Promise<string>) },
): Promise<SentAnswer> {
  const form = typeof formOrId === "string" ? await readForm(formOrId) : formOrId;
  if (!form) throw new NotFoundError("النموذج غير موجود");
  const closed = whyClosed(form);
  if (closed) throw new ConflictError(closed);
  const { values, files } = storedValues(form.fields, parsed);
  const contact = contactOf(form.fields, values);
  // The site's address is read before the transaction: on PGlite a read outside it would wait.
  const needsBase = form.isRequest || form.notifyUserIds.length > 0;
  const base = !needsBase ? "" : typeof baseUrl === "string" ? baseUrl : await baseUrl();
  const written = await writeFiles(form.id, files);
  try {
    return await db.transaction(async (tx) => {
      const at = now();
      const year = riyadhYear(at);
      const counted = await countAnswerIn(tx, form.id, at, form.isRequest ? year : null);
      if (!counted) throw new ConflictError((await whyClosedNow(tx, form.id, at)) ?? FORM_CLOSED);
      const expiresAt = new Date(at);
      expiresAt.setUTCMonth(expiresAt.getUTCMonth() + counted.retentionMonths);
      const answerId = randomUUID();
      // Told with the staff chosen now (an edit meanwhile counts), when the address was read.
      const staffMails = needsBase ? staffMailsOf({ ...counted, id: form.id }, answerId, base) : [];
      const opening =
        counted.number === null
          ? null
          : requestOpening({
              formId: form.id,
              formTitle: counted.title,
              answerId,
              number: counted.number,
              year,
              contactEmail: contact.contactEmail,
              baseUrl: base,
              alsoMail: staffMails,
            });
      await writeAnswer(tx, {
        answer: { id: answerId, formId: form.id, values, ...contact, expiresAt, createdAt: at },
        files: written.map((file) => ({ ...file, answerId })),
        opening,
        mails: opening?.mails ?? staffMails,
      });
      return { answerId, request: opening?.opened ?? null };
    });
  } catch (error) {
    await removeStoredFiles(written.map((file) => file.storageKey));
    throw error;
  }
}

/**
 * The answer's rows in one statement of data-modifying CTEs. Each runs once, whatever the main
 * statement reads, and the foreign keys (files and request → answer, event → request) are checked
 * at the statement's end, when all the rows exist.
 */
async function writeAnswer(
  tx: Transaction,
  rows: {
    answer: typeof formAnswers.$inferInsert & { id: string };
    files: (typeof formAnswerFiles.$inferInsert)[];
    opening: ReturnType<typeof requestOpening> | null;
    mails: OutgoingMail[];
  },
) {
  const answer = tx
    .$with("answer")
    .as(tx.insert(formAnswers).values(rows.answer).returning({ id: formAnswers.id }));
  const steps: WithSubquery[] = [answer];
  if (rows.files.length > 0)
    steps.push(
      tx
        .$with("files")
        .as(tx.insert(formAnswerFiles).values(rows.files).returning({ id: formAnswerFiles.id })),
    );
  if (rows.opening) {
    steps.push(
      tx
        .$with("opened")
        .as(tx.insert(requests).values(rows.opening.request).returning({ id: requests.id })),
      tx
        .$with("created")
        .as(
          tx.insert(requestEvents).values(rows.opening.event).returning({ id: requestEvents.id }),
        ),
    );
  }
  if (rows.mails.length > 0)
    steps.push(
      tx
        .$with("mails")
        .as(
          tx
            .insert(mailQueue)
            .values(rows.mails.map(mailQueueRow))
            .onConflictDoNothing()
            .returning({ id: mailQueue.id }),
        ),
    );
  await tx
    .with(...steps)
    .select({ id: answer.id })
    .from(answer);
}

async function readForm(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(builtForms).where(eq(builtForms.id, id));
  return row ?? null;
}

/**
 * Counts one answer if the form takes it now: open, before its closing date, under its maximum
 * (the same rules as `whyClosed`, in SQL). The UPDATE locks the form's row, so the count and the
 * maximum are read and moved by one answer at a time. With `numberYear` (a request form), the same
 * statement takes the year's next request number. Answers what the rest of the answer needs, as
 * the row is now; null when the form takes no answer.
 */
async function countAnswerIn(tx: Transaction, formId: string, at: Date, numberYear: number | null) {
  const counted = tx.$with("counted").as(
    tx
      .update(builtForms)
      .set({ answersCount: sql`${builtForms.answersCount} + 1` })
      .where(
        and(
          eq(builtForms.id, formId),
          eq(builtForms.status, "open"),
          or(isNull(builtForms.closesAt), gt(builtForms.closesAt, at)),
          or(isNull(builtForms.maxAnswers), lt(builtForms.answersCount, builtForms.maxAnswers)),
        ),
      )
      .returning({
        title: builtForms.title,
        retentionMonths: builtForms.retentionMonths,
        // The addresses of the staff it tells, read in the same statement (a viewer is never told).
        staffEmails: sql<string[]>`array(select u.email from ${users} u
          where u.id in (select jsonb_array_elements_text("forms"."notify_user_ids"))
            and u.role <> 'viewer' order by u.email)`.as("staff_emails"),
      }),
  );
  const fields = {
    title: counted.title,
    retentionMonths: counted.retentionMonths,
    staffEmails: counted.staffEmails,
  };
  if (numberYear === null) {
    const [row] = await tx.with(counted).select(fields).from(counted);
    return row ? { ...row, number: null } : null;
  }
  const numbered = nextNumberFrom(tx, counted, numberYear);
  const [row] = await tx
    .with(counted, numbered)
    .select({ ...fields, number: numbered.last })
    .from(counted)
    .leftJoin(numbered, sql`true`);
  return row ?? null;
}

/** Why the form refused the answer just now (its row read inside the same transaction). */
async function whyClosedNow(tx: Transaction, formId: string, at: Date) {
  const [row] = await tx.select().from(builtForms).where(eq(builtForms.id, formId));
  return row ? whyClosed(row, at) : FORM_CLOSED;
}

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** The form's chosen staff are told an answer came: its name and the inbox's link, nothing of it. */
function staffMailsOf(
  form: { id: string; title: string; staffEmails: string[] },
  answerId: string,
  baseUrl: string,
): OutgoingMail[] {
  const link = `${baseUrl}${formAnswersPath(form.id)}`;
  return form.staffEmails.map((email) => ({
    kind: "form-answer",
    to: email,
    subject: `إجابة جديدة على «${form.title}» — جمعية رفق`,
    text: `وصلت إجابة جديدة على النموذج «${form.title}».\n\nاقرأها في لوحة التحكم: ${link}`,
    dedupeKey: `form-answer:${answerId}:${email}`,
  }));
}

/** A form's answers inbox in the staff area. */
export const formAnswersPath = (formId: string) =>
  `${staffSection("forms").list}/${formId}/answers`;

// ─── Staff ─────────────────────────────────────────────────────────────────────────────────

/** A page of the answers inbox: 20 cards, as the requests inbox (docs/decisions/071 "Speed"). */
export const ANSWERS_PAGE_SIZE = 20;

export interface AnswerRow {
  id: string;
  values: FormAnswerValues;
  createdAt: Date;
  reference: string | null;
  /** The request the answer opened (a request form's), whose staff page shows it in full. */
  requestId: string | null;
  files: { id: string; fieldKey: string; fileName: string; size: number }[];
}

/**
 * Answers with their request and files, in ONE statement (docs/decisions/071 "Speed"): the page
 * is read from the (form_id, created_at, id) index alone in a subquery with its LIMIT, then each
 * of its rows looks up its request (`requests.answer_id`, unique) and its files (by
 * `form_answer_files.answer_id`) — never a join over every answer before the limit, and one round
 * trip instead of three. `only` keeps those keys of the values (a card's summary): the rest of a
 * wide answer is neither read out of the row nor sent.
 */
async function readAnswers(
  where: SQL | undefined,
  { limit, offset = 0, only }: { limit: number; offset?: number; only?: string[] },
): Promise<AnswerRow[]> {
  const values =
    only === undefined
      ? formAnswers.values
      : only.length === 0
        ? sql<FormAnswerValues>`'{}'::jsonb`
        : sql<FormAnswerValues>`jsonb_build_object(${sql.join(
            only.map((key) => sql`${key}::text, ${formAnswers.values}->${key}::text`),
            sql`, `,
          )})`;
  const page = db
    .select({
      id: formAnswers.id,
      values: sql<FormAnswerValues>`${values}`.as("values"),
      createdAt: formAnswers.createdAt,
    })
    .from(formAnswers)
    .where(where)
    .orderBy(...newestFirst(formAnswers.createdAt, formAnswers.id))
    .limit(limit)
    .offset(offset)
    .as("page");
  return db
    .select({
      id: page.id,
      values: page.values,
      createdAt: page.createdAt,
      // Qualified by hand: drizzle leaves the columns of a one-table query unqualified, and
      // "id" inside these subqueries would be their own table's.
      requestId: sql<
        string | null
      >`(select r.id from ${requests} r where r.answer_id = "page"."id")`,
      reference: sql<
        string | null
      >`(select r.reference from ${requests} r where r.answer_id = "page"."id")`,
      files: sql<AnswerRow["files"]>`(select coalesce(json_agg(json_build_object(
          'id', f.id, 'fieldKey', f.field_key, 'fileName', f.file_name, 'size', f.size
        ) order by f.created_at, f.id), '[]'::json)
        from ${formAnswerFiles} f where f.answer_id = "page"."id")`,
    })
    .from(page)
    .orderBy(...newestFirst(page.createdAt, page.id));
}

/**
 * What a search box's words find among answers (the answers inbox and the requests inbox,
 * docs/decisions/071 "Speed"):
 * - a Saudi mobile in any spelling (05…, 5…, +966 5…, 00966…, Arabic-Indic digits) is the
 *   answer's stored, normalised `contact_phone` (+9665XXXXXXXX), read by its index — not a scan
 *   of every answer's text;
 * - a whole e-mail address is the stored, lower-cased, indexed `contact_email`;
 * - anything else is a part of the reference (`referenceMatches`), of the e-mail, of the mobile's
 *   digits (three or more) or of the answer's words.
 */
export function answerSearch(q: string, referenceMatches: (pattern: string) => SQL | undefined) {
  const phone = normaliseSaudiMobile(q);
  if (phone) return eq(formAnswers.contactPhone, phone);
  // A whole e-mail address is the stored, lower-cased, indexed `contact_email`.
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q)) return eq(formAnswers.contactEmail, q.toLowerCase());
  const pattern = containingPattern(q);
  return or(
    referenceMatches(pattern),
    ilike(formAnswers.contactEmail, pattern),
    phoneContaining(formAnswers.contactPhone, q),
    containing(sql`${formAnswers.values}::text`, q),
  );
}

const answersWhere = (formId: string, q?: string) =>
  and(
    eq(formAnswers.formId, formId),
    q?.trim()
      ? answerSearch(q.trim(), (pattern) =>
          inArray(
            formAnswers.id,
            db
              .select({ id: requests.answerId })
              .from(requests)
              .where(ilike(requests.reference, pattern)),
          ),
        )
      : undefined,
  );

/**
 * One page of a form's answers, newest first (editors and admins). `form` is the row the caller
 * has just read: unsearched, its `answers_count` (moved in each answer's transaction) is the
 * total, so no statement counts. `only`: the values' keys the page shows (see `readAnswers`).
 */
export async function listAnswersForStaff(
  actor: Actor | null,
  form: Pick<BuiltForm, "id" | "answersCount">,
  filters: { q?: string; page?: number; only?: string[] } = {},
) {
  assertRole(actor, "editor");
  if (!isUuid(form.id)) throw new NotFoundError("النموذج غير موجود");
  const q = filters.q?.trim();
  const where = answersWhere(form.id, q);
  return readCountedPage(filters.page ?? 1, ANSWERS_PAGE_SIZE, {
    rows: (window) => readAnswers(where, { ...window, only: filters.only }),
    count: async () => (q ? db.$count(formAnswers, where) : form.answersCount),
  });
}

/** One answer of a form in full, for the answers inbox's "the whole answer" view. */
export async function getAnswerForStaff(actor: Actor | null, formId: string, answerId: string) {
  assertRole(actor, "editor");
  if (!isUuid(formId) || !isUuid(answerId)) return null;
  const [answer] = await readAnswers(
    and(eq(formAnswers.formId, formId), eq(formAnswers.id, answerId)),
    { limit: 1 },
  );
  return answer ?? null;
}

/** The CSV's page size: memory stays flat whatever the number of answers. */
export const CSV_PAGE_SIZE = 500;

/**
 * Every answer of a form, newest first, page by page (keyset on created_at and id), so a CSV of
 * 10,000 rows holds one page at a time.
 */
export async function* answerPagesForStaff(actor: Actor | null, formId: string) {
  assertRole(actor, "editor");
  if (!isUuid(formId)) throw new NotFoundError("النموذج غير موجود");
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows = await readAnswers(
      and(
        eq(formAnswers.formId, formId),
        after
          ? or(
              lt(formAnswers.createdAt, after.createdAt),
              and(eq(formAnswers.createdAt, after.createdAt), lt(formAnswers.id, after.id)),
            )
          : undefined,
      ),
      { limit: CSV_PAGE_SIZE },
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < CSV_PAGE_SIZE) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** An answer's file, for a staff download (never a public address), with its stream's opener. */
export async function getAnswerFileForStaff(actor: Actor | null, fileId: string) {
  assertRole(actor, "editor");
  if (!isUuid(fileId)) return null;
  const file = await answerFileRow(fileId);
  if (!file) return null;
  return {
    ...file,
    open: async () => {
      const stream = await getStorage().stream(file.storageKey);
      if (!stream) throw new NotFoundError("الملف غير موجود");
      return stream;
    },
  };
}

async function answerFileRow(fileId: string) {
  const [row] = await db
    .select({
      storageKey: formAnswerFiles.storageKey,
      fileName: formAnswerFiles.fileName,
      contentType: formAnswerFiles.contentType,
      size: formAnswerFiles.size,
    })
    .from(formAnswerFiles)
    .where(eq(formAnswerFiles.id, fileId));
  return row ?? null;
}

/**
 * Deletes one answer with its files and request (admins only: forgetting a person on request),
 * moving the form's count in the same transaction; the files go after the rows.
 */
export async function deleteAnswer(actor: Actor | null, answerId: string) {
  assertRole(actor, "admin");
  if (!isUuid(answerId)) throw new NotFoundError(ANSWER_NOT_FOUND);
  const { keys } = await db.transaction(async (tx) => {
    const files = await tx
      .select({ key: formAnswerFiles.storageKey })
      .from(formAnswerFiles)
      .where(eq(formAnswerFiles.answerId, answerId));
    const [deleted] = await tx
      .delete(formAnswers)
      .where(eq(formAnswers.id, answerId))
      .returning({ formId: formAnswers.formId });
    if (!deleted) throw new NotFoundError(ANSWER_NOT_FOUND);
    await tx
      .update(builtForms)
      .set({ answersCount: sql`greatest(${builtForms.answersCount} - 1, 0)` })
      .where(eq(builtForms.id, deleted.formId));
    return { keys: files.map((file) => file.key) };
  });
  await removeStoredFiles(keys);
  return { id: answerId };
}
