import { and, eq, inArray, ne, or } from "drizzle-orm";
import { answerSchema } from "~/shared/built-form-answers";
import { ConflictError, NotFoundError, StaleEditError } from "~/shared/domain-errors";
import type { BuiltFormStatus, FormField } from "~/shared/form-builder";
import { readCountedPage } from "~/shared/pagination";
import { type Actor, assertRole } from "~/shared/roles";
import { db } from "~/utils/db.server";
import {
  containingAny,
  isStaleVersion,
  isUuid,
  newestFirst,
  stillAt,
  violatedUniqueConstraint,
} from "~/utils/db-helpers.server";
import { logger } from "~/utils/logger.server";
import { getStorage } from "~/utils/storage.server";
import { builtForms, formAnswerFiles, formAnswers, users } from "../../database/schema";

// Forms built by staff (issue 36, docs/decisions/071). Admins build, edit and delete them;
// editors read them and their answers. The public answers open forms.

const notFound = () => new NotFoundError("النموذج غير موجود");
const THIS_FORM = "هذا النموذج";

export const FORM_SLUG_TAKEN = "هذا الرابط مستخدم لنموذج آخر، اختر رابطاً مختلفاً";
export class FormSlugTakenError extends ConflictError {
  constructor() {
    super(FORM_SLUG_TAKEN, "slug");
  }
}

/** An open form is public (its page, the sitemap); a closed one says so, a draft is staff's. */
export const publicForms = () => eq(builtForms.status, "open");

export type BuiltForm = typeof builtForms.$inferSelect;

/** What the builder saves (the route's schema checked it). */
export interface BuiltFormInput {
  title: string;
  slug: string;
  intro?: string;
  fields: FormField[];
  status: BuiltFormStatus;
  isRequest: boolean;
  thankYou: string;
  purpose: string;
  retentionMonths: number;
  closesAt?: Date;
  maxAnswers?: number;
  notifyUserIds: string[];
}

// ─── Staff ─────────────────────────────────────────────────────────────────────────────────

export const STAFF_FORMS_PAGE_SIZE = 20;

/** One page of every form, newest first, with how many match the search. */
export async function listFormsForStaff(
  actor: Actor | null,
  filters: { q?: string; page?: number } = {},
) {
  assertRole(actor, "editor");
  const where = containingAny(filters.q, builtForms.title, builtForms.slug);
  return readCountedPage(filters.page ?? 1, STAFF_FORMS_PAGE_SIZE, {
    rows: ({ limit, offset }) =>
      db
        .select({
          id: builtForms.id,
          slug: builtForms.slug,
          title: builtForms.title,
          status: builtForms.status,
          isRequest: builtForms.isRequest,
          answersCount: builtForms.answersCount,
          closesAt: builtForms.closesAt,
          updatedAt: builtForms.updatedAt,
        })
        .from(builtForms)
        .where(where)
        .orderBy(...newestFirst(builtForms.createdAt, builtForms.id))
        .limit(limit)
        .offset(offset),
    count: () => db.$count(builtForms, where),
  });
}

export type StaffFormRow = Awaited<ReturnType<typeof listFormsForStaff>>["items"][number];

/** One form, whatever its status, for staff; null when there is none. */
export async function getFormForStaff(actor: Actor | null, id: string): Promise<BuiltForm | null> {
  assertRole(actor, "editor");
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(builtForms).where(eq(builtForms.id, id));
  return row ?? null;
}

/** The staff members a form may tell of its answers (the builder's choices). */
export async function listFormRecipientsForStaff(actor: Actor | null) {
  assertRole(actor, "editor");
  return db
    .select({ id: users.id, name: users.fullName, email: users.email })
    .from(users)
    .where(ne(users.role, "viewer"))
    .orderBy(users.fullName);
}

/** Only staff members are told: an id of anyone else (or of nobody) is dropped. */
async function staffIdsAmong(tx: typeof db | Transaction, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), ne(users.role, "viewer")));
  const kept = new Set(rows.map((row) => row.id));
  return ids.filter((id, index) => kept.has(id) && ids.indexOf(id) === index);
}

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

const storedColumns = async (tx: Transaction, input: BuiltFormInput) => ({
  title: input.title,
  slug: input.slug,
  intro: input.intro ?? "",
  fields: input.fields,
  status: input.status,
  isRequest: input.isRequest,
  thankYou: input.thankYou,
  purpose: input.purpose,
  retentionMonths: input.retentionMonths,
  closesAt: input.closesAt ?? null,
  maxAnswers: input.maxAnswers ?? null,
  notifyUserIds: await staffIdsAmong(tx, input.notifyUserIds),
});

const slugClash = (error: unknown) =>
  violatedUniqueConstraint(error) === "forms_slug_unique" ? new FormSlugTakenError() : error;

/** Builds a new form (admins only), in one transaction with the actor (the audit's place). */
export async function createForm(actor: Actor | null, input: BuiltFormInput) {
  const admin = assertRole(actor, "admin");
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(builtForms)
        .values({ ...(await storedColumns(tx, input)), authorId: admin.id })
        .returning({ id: builtForms.id, slug: builtForms.slug });
      return row;
    });
  } catch (error) {
    throw slugClash(error);
  }
}

/** Saves the builder (admins only); a save after someone else's is refused (409). */
export async function updateForm(
  actor: Actor | null,
  id: string,
  input: BuiltFormInput,
  version?: string,
) {
  const admin = assertRole(actor, "admin");
  const current = await getFormForStaff(admin, id);
  if (!current) throw notFound();
  if (isStaleVersion(version, current.updatedAt)) throw new StaleEditError(THIS_FORM);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(builtForms)
        .set({ ...(await storedColumns(tx, input)), updatedAt: new Date() })
        .where(and(eq(builtForms.id, id), stillAt(builtForms.updatedAt, current.updatedAt)))
        .returning({ id: builtForms.id, slug: builtForms.slug });
      if (!row) throw new StaleEditError(THIS_FORM);
      return row;
    });
  } catch (error) {
    throw slugClash(error);
  }
}

/**
 * Deletes a form with its answers, requests and their files (admins only): the rows in one
 * transaction, then the files it held.
 */
export async function deleteForm(actor: Actor | null, id: string) {
  assertRole(actor, "admin");
  if (!isUuid(id)) throw notFound();
  const { row, keys } = await db.transaction(async (tx) => {
    const files = await tx
      .select({ key: formAnswerFiles.storageKey })
      .from(formAnswerFiles)
      .innerJoin(formAnswers, eq(formAnswers.id, formAnswerFiles.answerId))
      .where(eq(formAnswers.formId, id));
    const [deleted] = await tx
      .delete(builtForms)
      .where(eq(builtForms.id, id))
      .returning({ id: builtForms.id });
    return { row: deleted, keys: files.map((file) => file.key) };
  });
  if (!row) throw notFound();
  await removeStoredFiles(keys);
  return row;
}

/** Removes files from storage; one that cannot be removed is logged (the rows are gone). */
export async function removeStoredFiles(keys: string[]) {
  const storage = getStorage();
  for (const key of keys) {
    await storage
      .remove(key)
      .catch((error) => logger.warn({ err: error, key }, "a form answer's file was not removed"));
  }
}

// ─── The public ─────────────────────────────────────────────────────────────────────────────

/**
 * A form at its address, for its page: an open one for everyone; any status for a staff member
 * (a draft is previewed, a closed one says so). Null when there is none (or a draft for the public).
 */
export async function getFormBySlug(slug: string, viewer: Actor | null) {
  const staff = viewer && viewer.role !== "viewer";
  const [row] = await db
    .select()
    .from(builtForms)
    .where(
      staff
        ? eq(builtForms.slug, slug)
        : and(eq(builtForms.slug, slug), or(publicForms(), eq(builtForms.status, "closed"))),
    );
  return row ?? null;
}

/** How many forms' answer schemas a server keeps built (the forms answered lately). */
const ANSWER_SCHEMAS_KEPT = 64;
const answerSchemas = new Map<
  string,
  { version: number; schema: ReturnType<typeof answerSchema> }
>();

/**
 * The zod schema of a form's answers, built once per version of the form (docs/decisions/071,
 * "Speed"): kept by the form's id with the `updated_at` of the row the caller has just read, so an
 * edit saved by any server process — which moves `updated_at` — is never checked with the old
 * fields; the next answer builds the new schema. No invalidation is needed, nor shared.
 */
export function answerSchemaOf(form: Pick<BuiltForm, "id" | "updatedAt" | "fields">) {
  const version = form.updatedAt.getTime();
  const kept = answerSchemas.get(form.id);
  if (kept?.version === version) return kept.schema;
  const schema = answerSchema(form.fields);
  answerSchemas.delete(form.id);
  answerSchemas.set(form.id, { version, schema });
  if (answerSchemas.size > ANSWER_SCHEMAS_KEPT) {
    const [oldest] = answerSchemas.keys();
    answerSchemas.delete(oldest);
  }
  return schema;
}

/** One window of the open forms' addresses, oldest first (the sitemap's part). */
export function listPublicFormAddresses({ limit, offset }: { limit: number; offset: number }) {
  return db
    .select({ slug: builtForms.slug, updatedAt: builtForms.updatedAt })
    .from(builtForms)
    .where(publicForms())
    .orderBy(builtForms.createdAt, builtForms.id)
    .limit(limit)
    .offset(offset);
}

/** How many forms are open (the sitemap's count). */
export const countPublicForms = () => db.$count(builtForms, publicForms());
