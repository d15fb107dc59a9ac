import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { type AuditAction, type AuditSubjectName, boundedValues } from "~/shared/audit-subjects";
import type { ContentType } from "~/shared/content-type";
import { readCountedPage } from "~/shared/pagination";
import { type Actor, assertRole } from "~/shared/roles";
import { type Database, db, inOneTransaction } from "~/utils/db.server";
import { isUuid } from "~/utils/db-helpers.server";
import { auditLog, users } from "../../database/schema";

/**
 * The audit log of staff actions (docs/decisions/075): one row per staff write, inserted in the
 * write's own transaction, never changed afterwards (the table's trigger refuses UPDATE and
 * DELETE, an admin's included); only `trimAuditLog` removes rows past the retention period.
 */

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The item a write touched: its id and its title or name then. */
export interface AuditItem {
  /** Null for an action on no one row (an erasure of one person's data). */
  id: string | null;
  label?: string | null;
}

export interface AuditEntry {
  actor: Actor;
  subject: AuditSubjectName;
  action: AuditAction;
  item?: AuditItem | null;
  /** A short before/after (settings, the donation account, roles, page texts): bounded on write. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const LABEL_MAX = 200;

/**
 * Records one staff action inside `tx`, the transaction of the change itself, so the change and
 * its row stand or fall together. For a model's own transaction; service flows use `auditedWrite`.
 */
export async function recordStaffAction(tx: Transaction | Database, entry: AuditEntry) {
  const { actor, item } = entry;
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.fullName || actor.email,
    actorRole: actor.role,
    subject: entry.subject,
    action: entry.action,
    itemId: item?.id ?? null,
    itemLabel: item?.label ? item.label.slice(0, LABEL_MAX) : null,
    before: boundedValues(entry.subject, entry.before ?? null),
    after: boundedValues(entry.subject, entry.after ?? null),
  });
}

/**
 * Runs a staff write and records it in one transaction (every `db` query of `run` joins it,
 * app/utils/db.server.ts `inOneTransaction`): a write that throws leaves no row, and a row is
 * never written without its write. `item` may be read from what the write answers.
 */
export function auditedWrite<T>(
  entry: Omit<AuditEntry, "item" | "actor"> & {
    /** Without one the write runs alone, for its model to refuse. */
    actor: Actor | null;
    item?: AuditItem | null | ((result: T) => AuditItem | null);
  },
  run: () => Promise<T>,
): Promise<T> {
  const { actor } = entry;
  if (!actor) return run();
  return inOneTransaction(async (tx) => {
    const result = await run();
    const item = typeof entry.item === "function" ? entry.item(result) : entry.item;
    await recordStaffAction(tx, { ...entry, actor, item });
    return result;
  });
}

/** What a content type's row says of itself: its title (or name) and its status. */
async function readItem(tx: Database, type: ContentType, id: string) {
  const [table] = type.tables;
  if (!table || !isUuid(id)) return null;
  const rows = await tx.execute<{ label: string | null; status: string | null }>(sql`
    select coalesce(j->>'title', j->>'name', j->>'subject', j->>'caption') as label,
           j->>'status' as status
    from (select to_jsonb(t) as j from ${sql.identifier(table)} t where t.id = ${id}) as item`);
  return (rows.rows?.[0] as { label: string | null; status: string | null } | undefined) ?? null;
}

const idOf = (result: unknown): string | null => {
  const id = (result as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : null;
};

/**
 * A content type's write (a form's save, a row button, a restored revision, a campaign's send),
 * recorded by construction: the flows of app/services call it, so a new type is audited without
 * new code. The item is named by its row (read before a delete, after anything else), and a
 * publish toggle is `published` or `unpublished` by the status it leaves. Without an actor the
 * write runs alone, for its model to refuse.
 */
export function auditContentWrite<T>(
  actor: Actor | null,
  type: ContentType,
  action: AuditAction | "publish-toggle",
  id: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (!actor) return run();
  return inOneTransaction(async (tx) => {
    const earlier = action === "deleted" && id ? await readItem(tx, type, id) : null;
    const result = await run();
    const itemId = id ?? idOf(result);
    const now = earlier ?? (itemId ? await readItem(tx, type, itemId) : null);
    const done: AuditAction =
      action === "publish-toggle"
        ? type.publicStatuses.includes(now?.status ?? "")
          ? "published"
          : "unpublished"
        : action;
    await recordStaffAction(tx, {
      actor,
      subject: type.name as AuditSubjectName,
      action: done,
      item: itemId ? { id: itemId, label: now?.label } : null,
    });
    return result;
  });
}

/** The latest recorded change of a subject (the settings screen's "last changed by"), admins only. */
export async function getLatestChange(actor: Actor | null, subject: AuditSubjectName) {
  assertRole(actor, "admin");
  const [row] = await db
    .select({ changedAt: auditLog.at, changedByName: auditLog.actorName })
    .from(auditLog)
    .where(eq(auditLog.subject, subject))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return row ?? null;
}

/** The log's filters, as the screen's address gives them (already checked). */
export interface AuditFilters {
  q?: string;
  who?: string;
  subject?: string;
  action?: string;
  /** Inclusive from, exclusive to. */
  from?: Date;
  to?: Date;
}

export const AUDIT_PAGE_SIZE = 50;
/** The CSV's most rows: a narrower filter gives the rest. */
export const AUDIT_EXPORT_MAX = 10_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filters: AuditFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filters.who ? eq(auditLog.actorId, filters.who) : undefined,
    filters.subject ? eq(auditLog.subject, filters.subject) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.from ? gte(auditLog.at, filters.from) : undefined,
    filters.to ? lt(auditLog.at, filters.to) : undefined,
  ];
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(or(ilike(auditLog.actorName, pattern), ilike(auditLog.itemLabel, pattern)));
  }
  return and(...conditions);
}

const columns = {
  id: sql<string>`${auditLog.id}::text`,
  at: auditLog.at,
  actorName: auditLog.actorName,
  actorRole: auditLog.actorRole,
  subject: auditLog.subject,
  action: auditLog.action,
  itemId: auditLog.itemId,
  itemLabel: auditLog.itemLabel,
  before: auditLog.before,
  after: auditLog.after,
};

/** One page of the log, newest first, with the count of the filtered whole (admins only). */
export async function listAuditLog(actor: Actor | null, filters: AuditFilters, page: number) {
  assertRole(actor, "admin");
  const where = whereOf(filters);
  return readCountedPage(page, AUDIT_PAGE_SIZE, {
    rows: ({ limit, offset }) =>
      db
        .select(columns)
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    count: async () => (await db.select({ n: count() }).from(auditLog).where(where))[0].n,
  });
}

export type AuditRow = Awaited<ReturnType<typeof listAuditLog>>["items"][number];

/** The filtered log for its CSV, newest first, at most AUDIT_EXPORT_MAX rows (admins only). */
export async function listAuditLogForExport(actor: Actor | null, filters: AuditFilters) {
  assertRole(actor, "admin");
  return db
    .select(columns)
    .from(auditLog)
    .where(whereOf(filters))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_EXPORT_MAX);
}

/** The staff who may appear in the log (editors and admins), for its "who" filter. */
export async function listAuditActors(actor: Actor | null) {
  assertRole(actor, "admin");
  return db
    .select({ id: users.id, name: users.fullName, email: users.email })
    .from(users)
    .where(inArray(users.role, ["editor", "admin"]))
    .orderBy(users.fullName)
    .limit(500);
}

/**
 * Deletes the rows older than `days` days: the only deletion the table's trigger lets through,
 * because this transaction says so (`rifq.audit_trim`, transaction-local). Answers the count.
 */
export async function trimAuditLog(days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('rifq.audit_trim', 'on', true)`);
    const removed = await tx
      .delete(auditLog)
      .where(lt(auditLog.at, cutoff))
      .returning({ id: auditLog.id });
    return removed.length;
  });
}
