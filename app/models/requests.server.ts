import { aliasedTable, and, asc, eq, ilike, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { toRiyadhInput } from "~/shared/dates";
import { ConflictError, NotFoundError, StaleEditError } from "~/shared/domain-errors";
import type { FormAnswerValues, FormField, RequestState } from "~/shared/form-builder";
import { requestFollowUpPath } from "~/shared/form-builder";
import { readCountedPage } from "~/shared/pagination";
import {
  isOpenRequest,
  MESSAGE_REQUIRED_STATES,
  mayMoveRequest,
  OPEN_REQUEST_STATES,
  REQUEST_STATE_LABELS,
  REQUEST_STATE_MEANINGS,
  REQUEST_TEAM_NAME,
  type RequestQueue,
} from "~/shared/request-states";
import { type Actor, assertRole } from "~/shared/roles";
import { now } from "~/utils/clock.server";
import { db } from "~/utils/db.server";
import { isStaleVersion, isUuid, newestFirst, stillAt } from "~/utils/db-helpers.server";
import { idOfSignedToken, signedToken } from "~/utils/signed-tokens.server";
import {
  builtForms,
  formAnswerFiles,
  formAnswers,
  requestEvents,
  requests,
  users,
} from "../../database/schema";
import { recordStaffAction } from "./audit-log.server";
import { answerSearch } from "./form-answers.server";
import { enqueueMail } from "./mail-queue.server";
import { consumeMailToAddress } from "./rate-limits.server";

/**
 * The requests the association follows up (issue 36, docs/decisions/072): the staff inbox, each
 * request's page and its changes (one transaction each: the row, its history row and the
 * person's e-mail in the queue), and the person's own follow-up page (a signed link, no account).
 * Every staff write takes the actor and runs in one `db.transaction`.
 */

const THIS_REQUEST = "هذا الطلب";
const notFound = () => new NotFoundError("الطلب غير موجود");

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** Today in Riyadh (YYYY-MM-DD): a due date before it is overdue. */
const riyadhToday = () => toRiyadhInput(now()).slice(0, 10);

/** A request's private follow-up token (signed, for this purpose only). */
export const requestFollowUpToken = (id: string) => signedToken("request-follow-up", id);

// ---------------------------------------------------------------------------------------------
// The inbox

export interface RequestFilters {
  /** A reference, or words of the answer (the name), or digits of the mobile. */
  q?: string;
  state?: RequestState;
  formId?: string;
  queue?: RequestQueue;
}

/** One request as the inbox lists it (and its CSV file writes it). */
export interface RequestRow {
  id: string;
  reference: string;
  state: RequestState;
  formTitle: string;
  name: string;
  phone: string | null;
  email: string | null;
  assigneeName: string | null;
  dueOn: string | null;
  overdue: boolean;
  createdAt: Date;
}

/**
 * The person's name: the answer of the form's first short text labelled as a name, else of its
 * first short text (request forms ask a name first), else nothing.
 */
export function nameOfAnswer(fields: FormField[], values: FormAnswerValues): string {
  const texts = fields.filter((field) => field.kind === "short_text");
  const field = texts.find((candidate) => candidate.label.includes("اسم")) ?? texts[0];
  const value = field ? values[field.key] : null;
  return typeof value === "string" ? value : "";
}

function filterCondition(actor: Actor, filters: RequestFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.state) conditions.push(eq(requests.state, filters.state));
  if (filters.formId && isUuid(filters.formId))
    conditions.push(eq(requests.formId, filters.formId));
  if (filters.queue === "mine") {
    conditions.push(eq(requests.assigneeId, actor.id));
    conditions.push(inArray(requests.state, [...OPEN_REQUEST_STATES]));
  }
  if (filters.queue === "unassigned") {
    conditions.push(isNull(requests.assigneeId));
    conditions.push(inArray(requests.state, [...OPEN_REQUEST_STATES]));
  }
  if (filters.queue === "overdue") conditions.push(overdueCondition());
  const q = filters.q?.trim();
  if (q) conditions.push(answerSearch(q, (pattern) => ilike(requests.reference, pattern)));
  return and(...conditions);
}

const overdueCondition = () =>
  and(inArray(requests.state, [...OPEN_REQUEST_STATES]), lt(requests.dueOn, riyadhToday()));

const assignees = db
  .select({ id: users.id, fullName: users.fullName, email: users.email })
  .from(users)
  .as("assignees");

const rowColumns = {
  id: requests.id,
  reference: requests.reference,
  state: requests.state,
  dueOn: requests.dueOn,
  createdAt: requests.createdAt,
  formId: requests.formId,
  formTitle: builtForms.title,
  values: formAnswers.values,
  phone: formAnswers.contactPhone,
  email: formAnswers.contactEmail,
  assigneeName: sql<string | null>`nullif(${assignees.fullName}, '')`,
  assigneeEmail: assignees.email,
};

function listedRows(where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(requests)
    .innerJoin(formAnswers, eq(formAnswers.id, requests.answerId))
    .innerJoin(builtForms, eq(builtForms.id, requests.formId))
    .leftJoin(assignees, eq(assignees.id, requests.assigneeId))
    .where(where);
}

type ListedRow = Awaited<ReturnType<typeof listedRows>>[number];

/** The forms' fields, read once per page or batch (to name each request's person). */
async function fieldsOfForms(formIds: string[]): Promise<Map<string, FormField[]>> {
  if (formIds.length === 0) return new Map();
  const rows = await db
    .select({ id: builtForms.id, fields: builtForms.fields })
    .from(builtForms)
    .where(inArray(builtForms.id, [...new Set(formIds)]));
  return new Map(rows.map((row) => [row.id, row.fields]));
}

async function toRequestRows(rows: ListedRow[]): Promise<RequestRow[]> {
  const fields = await fieldsOfForms(rows.map((row) => row.formId));
  const today = riyadhToday();
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    state: row.state,
    formTitle: row.formTitle,
    name: nameOfAnswer(fields.get(row.formId) ?? [], row.values),
    phone: row.phone,
    email: row.email,
    assigneeName: row.assigneeName ?? row.assigneeEmail ?? null,
    dueOn: row.dueOn,
    overdue: Boolean(row.dueOn && row.dueOn < today && isOpenRequest(row.state)),
    createdAt: row.createdAt,
  }));
}

export const REQUESTS_PAGE_SIZE = 20;

/**
 * The ids of one page of requests, newest first: read from `requests` and its indexes alone (the
 * answer's table is joined only when a search reads it), so a page never hash-joins every request
 * with every answer before its limit (docs/decisions/072, "Speed").
 */
function requestIds(
  where: SQL | undefined,
  searching: boolean,
  window: { limit: number; offset?: number },
) {
  const ids = db.select({ id: requests.id }).from(requests);
  return (searching ? ids.innerJoin(formAnswers, eq(formAnswers.id, requests.answerId)) : ids)
    .where(where)
    .orderBy(...newestFirst(requests.createdAt, requests.id))
    .limit(window.limit)
    .offset(window.offset ?? 0)
    .then((rows) => rows.map((row) => row.id));
}

/** The listed rows of these requests (a page's or a batch's ids), in the ids' order. */
async function rowsOf(ids: string[]): Promise<RequestRow[]> {
  if (ids.length === 0) return [];
  const rows = await listedRows(inArray(requests.id, ids));
  const order = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return toRequestRows(rows);
}

/** One page of the inbox, newest first, and how many requests the filters leave. */
export async function listRequestsPage(
  actor: Actor | null,
  filters: RequestFilters & { page: number },
) {
  const staff = assertRole(actor, "editor");
  const where = filterCondition(staff, filters);
  const searching = Boolean(filters.q?.trim());
  const listed = await readCountedPage(filters.page, REQUESTS_PAGE_SIZE, {
    rows: (window) => requestIds(where, searching, window),
    count: () =>
      searching
        ? db
            .select({ value: sql<number>`count(*)::int` })
            .from(requests)
            .innerJoin(formAnswers, eq(formAnswers.id, requests.answerId))
            .where(where)
            .then(([row]) => row?.value ?? 0)
        : db.$count(requests, where),
  });
  return { ...listed, items: await rowsOf(listed.items) };
}

const CSV_BATCH = 500;

/**
 * Every request the filters leave, newest first, in batches of 500 read by keyset (never the
 * whole list in memory): the CSV file streams them.
 */
export async function* requestsForCsv(
  actor: Actor | null,
  filters: RequestFilters,
): AsyncGenerator<RequestRow[]> {
  const staff = assertRole(actor, "editor");
  const where = filterCondition(staff, filters);
  const searching = Boolean(filters.q?.trim());
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const position: SQL | undefined = after
      ? sql`(${requests.createdAt}, ${requests.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const ids = await requestIds(and(where, position), searching, { limit: CSV_BATCH });
    if (ids.length === 0) return;
    const batch = await rowsOf(ids);
    yield batch;
    if (ids.length < CSV_BATCH) return;
    const last = batch[batch.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The request forms, for the inbox's "by form" filter. */
export async function listRequestForms(actor: Actor | null) {
  assertRole(actor, "editor");
  return db
    .select({ id: builtForms.id, title: builtForms.title })
    .from(builtForms)
    .where(eq(builtForms.isRequest, true))
    .orderBy(asc(builtForms.title));
}

/** Who a request may be given to: the staff (editors and admins). */
export async function listRequestAssignees(actor: Actor | null) {
  assertRole(actor, "editor");
  return db
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.email})`,
    })
    .from(users)
    .where(inArray(users.role, ["editor", "admin"]))
    .orderBy(asc(users.fullName), asc(users.email));
}

/** Open requests given to the actor, and open requests past their due date (the dashboard's hints). */
export async function countRequestHints(actor: Actor | null) {
  const staff = assertRole(actor, "editor");
  const [row] = await db
    .select({
      mine: sql<number>`count(*) filter (where ${requests.assigneeId} = ${staff.id})::int`,
      overdue: sql<number>`count(*) filter (where ${requests.dueOn} < ${riyadhToday()})::int`,
    })
    .from(requests)
    .where(inArray(requests.state, [...OPEN_REQUEST_STATES]));
  return { mine: row?.mine ?? 0, overdue: row?.overdue ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// One request, for staff

/** The staff member an `assigned` history row names. */
const givenTo = aliasedTable(users, "given_to");

/** A request with its answer, files and history, for its staff page. */
export async function getRequestForStaff(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({
      request: requests,
      form: { id: builtForms.id, title: builtForms.title, fields: builtForms.fields },
      answer: {
        id: formAnswers.id,
        values: formAnswers.values,
        phone: formAnswers.contactPhone,
        email: formAnswers.contactEmail,
        createdAt: formAnswers.createdAt,
      },
    })
    .from(requests)
    .innerJoin(formAnswers, eq(formAnswers.id, requests.answerId))
    .innerJoin(builtForms, eq(builtForms.id, requests.formId))
    .where(eq(requests.id, id));
  if (!row) throw notFound();
  const [files, history] = await Promise.all([
    db
      .select({
        id: formAnswerFiles.id,
        fieldKey: formAnswerFiles.fieldKey,
        fileName: formAnswerFiles.fileName,
        size: formAnswerFiles.size,
      })
      .from(formAnswerFiles)
      .where(eq(formAnswerFiles.answerId, row.answer.id))
      .orderBy(asc(formAnswerFiles.createdAt)),
    db
      .select({
        id: requestEvents.id,
        kind: requestEvents.kind,
        fromState: requestEvents.fromState,
        toState: requestEvents.toState,
        message: requestEvents.message,
        note: requestEvents.note,
        createdAt: requestEvents.createdAt,
        actorName: sql<string | null>`coalesce(nullif(${users.fullName}, ''), ${users.email})`,
        assigneeName: sql<
          string | null
        >`coalesce(nullif(${givenTo.fullName}, ''), ${givenTo.email})`,
      })
      .from(requestEvents)
      .leftJoin(users, eq(users.id, requestEvents.actorId))
      .leftJoin(
        givenTo,
        and(eq(requestEvents.kind, "assigned"), eq(givenTo.id, requestEvents.note)),
      )
      .where(eq(requestEvents.requestId, id))
      .orderBy(asc(requestEvents.createdAt), asc(requestEvents.id)),
  ]);
  return {
    ...row,
    name: nameOfAnswer(row.form.fields, row.answer.values),
    files,
    history,
    overdue: Boolean(
      row.request.dueOn && row.request.dueOn < riyadhToday() && isOpenRequest(row.request.state),
    ),
  };
}

export type StaffRequest = Awaited<ReturnType<typeof getRequestForStaff>>;

interface RequestChange {
  set: Partial<typeof requests.$inferInsert>;
  /** The history row; `note` holds an `assigned` row's assignee id and a `due` row's day. */
  event: Omit<typeof requestEvents.$inferInsert, "requestId">;
  afterWrite?: (tx: Transaction) => Promise<unknown>;
}

/**
 * Runs one staff change: reads the request, refuses a stale form (`version`: the `updated_at`
 * it was opened with), then in one transaction writes the row (only if still at that version)
 * and its history row; `afterWrite` queues what goes with it in the same transaction.
 */
async function changeRequest(
  audit: { actor: Actor; action: "state_changed" | "assigned" | "updated" },
  id: string,
  version: string | undefined,
  change: (current: typeof requests.$inferSelect) => Promise<RequestChange> | RequestChange,
) {
  if (!isUuid(id)) throw notFound();
  const [current] = await db.select().from(requests).where(eq(requests.id, id));
  if (!current) throw notFound();
  if (isStaleVersion(version, current.updatedAt)) throw new StaleEditError(THIS_REQUEST);
  const { set, event, afterWrite } = await change(current);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(requests)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(requests.id, id), stillAt(requests.updatedAt, current.updatedAt)))
      .returning();
    if (!row) throw new StaleEditError(THIS_REQUEST);
    await tx.insert(requestEvents).values({ ...event, requestId: id });
    // The audit log (docs/decisions/075): the fields changed, before and after.
    const changed = Object.keys(set) as (keyof typeof set & keyof typeof current)[];
    await recordStaffAction(tx, {
      ...audit,
      subject: "requests",
      item: { id, label: current.reference },
      before: Object.fromEntries(changed.map((key) => [key, current[key]])),
      after: Object.fromEntries(changed.map((key) => [key, set[key]])),
    });
    await afterWrite?.(tx);
    return row;
  });
}

export const MESSAGE_REQUIRED = "اكتب رسالة قصيرة لصاحب الطلب";
const NOT_ALLOWED_MOVE = "لا يمكن نقل الطلب من حالته الحالية إلى هذه الحالة";

/** What the person is sent when their request changes state (plain text: staff words only). */
export function requestStateMail(
  input: { reference: string; formTitle: string; state: RequestState; message: string | null },
  followUpUrl: string,
) {
  return {
    subject: `طلبك ${input.reference}: ${REQUEST_STATE_LABELS[input.state]} — جمعية رفق`,
    text: [
      `تغيّرت حالة طلبك «${input.formTitle}» رقم ${input.reference}.`,
      "",
      `الحالة الآن: ${REQUEST_STATE_LABELS[input.state]}`,
      REQUEST_STATE_MEANINGS[input.state],
      ...(input.message ? ["", `رسالة ${REQUEST_TEAM_NAME}:`, input.message] : []),
      "",
      `لمتابعة طلبك أو سحبه: ${followUpUrl}`,
      "",
      "إن لم تكن أنت من أرسل هذا الطلب فتجاهل هذه الرسالة.",
    ].join("\n"),
  };
}

/**
 * Moves a request to another state with a message to the person, who is told by e-mail through
 * the queue (in the same transaction) when they gave an address and the address's daily cap
 * allows it (docs/decisions/066): a refused mail never stops the change. `siteUrl` is the site's
 * configured address (`publicBaseUrl()`). Answers whether the mail was queued.
 */
export async function changeRequestState(
  actor: Actor | null,
  id: string,
  input: { to: RequestState; message: string | null; version?: string },
  siteUrl: string,
) {
  const staff = assertRole(actor, "editor");
  const message = input.message?.trim() || null;
  if (!message && MESSAGE_REQUIRED_STATES.includes(input.to)) {
    throw new ConflictError(MESSAGE_REQUIRED, "message");
  }
  const context = await mailContext(id);
  let mailed = false;
  await changeRequest(
    { actor: staff, action: "state_changed" },
    id,
    input.version,
    async (current) => {
      if (!mayMoveRequest(current.state, input.to)) throw new ConflictError(NOT_ALLOWED_MOVE, "to");
      // The cap is counted before the transaction (it is its own write), once the move is allowed.
      const mayMail = Boolean(context.email) && (await consumeMailToAddress(context.email ?? ""));
      return {
        set: { state: input.to },
        event: {
          kind: "state",
          actorId: staff.id,
          fromState: current.state,
          toState: input.to,
          message,
        },
        afterWrite: async (tx) => {
          if (!mayMail || !context.email) return;
          const mail = requestStateMail(
            {
              reference: current.reference,
              formTitle: context.formTitle,
              state: input.to,
              message,
            },
            `${siteUrl}${requestFollowUpPath(requestFollowUpToken(id))}`,
          );
          mailed = await enqueueMail({ kind: "request-state", to: context.email, ...mail }, tx);
        },
      };
    },
  );
  return { mailed };
}

async function mailContext(id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({ email: formAnswers.contactEmail, formTitle: builtForms.title })
    .from(requests)
    .innerJoin(formAnswers, eq(formAnswers.id, requests.answerId))
    .innerJoin(builtForms, eq(builtForms.id, requests.formId))
    .where(eq(requests.id, id));
  if (!row) throw notFound();
  return row;
}

const NOT_STAFF = "لا يمكن إسناد الطلب إلا إلى أحد المحررين أو المديرين";

/** Gives a request to a staff member (or to nobody). */
export async function assignRequest(
  actor: Actor | null,
  id: string,
  input: { assigneeId: string | null; version?: string },
) {
  const staff = assertRole(actor, "editor");
  const assigneeId = input.assigneeId || null;
  if (assigneeId) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, assigneeId), inArray(users.role, ["editor", "admin"])));
    if (!user) throw new ConflictError(NOT_STAFF, "assigneeId");
  }
  await changeRequest({ actor: staff, action: "assigned" }, id, input.version, () => ({
    set: { assigneeId },
    event: { kind: "assigned", actorId: staff.id, note: assigneeId },
  }));
}

/** Sets (or clears) the day a request should be handled by. */
export async function setRequestDue(
  actor: Actor | null,
  id: string,
  input: { dueOn: string | null; version?: string },
) {
  const staff = assertRole(actor, "editor");
  await changeRequest({ actor: staff, action: "updated" }, id, input.version, () => ({
    set: { dueOn: input.dueOn },
    event: { kind: "due", actorId: staff.id, note: input.dueOn },
  }));
}

/**
 * An internal note: never shown or sent to the person. It is not an edit of the request, so it
 * needs no version (two staff may write notes at once) and leaves `updated_at` alone.
 */
export async function addRequestNote(actor: Actor | null, id: string, note: string) {
  const staff = assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: requests.id, reference: requests.reference })
      .from(requests)
      .where(eq(requests.id, id));
    if (!row) throw notFound();
    await tx.insert(requestEvents).values({ requestId: id, kind: "note", actorId: staff.id, note });
    // The note itself stays in the request's history; the log says one was written.
    await recordStaffAction(tx, {
      actor: staff,
      subject: "requests",
      action: "noted",
      item: { id, label: row.reference },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The person's follow-up page

/** What the person sees of their request: never a note, never a staff member's name. */
export async function getRequestByToken(token: string) {
  const id = idOfSignedToken("request-follow-up", token);
  if (!id || !isUuid(id)) return null;
  const [row] = await db
    .select({
      id: requests.id,
      reference: requests.reference,
      state: requests.state,
      createdAt: requests.createdAt,
      formTitle: builtForms.title,
    })
    .from(requests)
    .innerJoin(builtForms, eq(builtForms.id, requests.formId))
    .where(eq(requests.id, id));
  if (!row) return null;
  const changes = await db
    .select({
      id: requestEvents.id,
      toState: requestEvents.toState,
      message: requestEvents.message,
      createdAt: requestEvents.createdAt,
    })
    .from(requestEvents)
    .where(
      and(eq(requestEvents.requestId, id), inArray(requestEvents.kind, ["state", "withdrawn"])),
    )
    .orderBy(asc(requestEvents.createdAt), asc(requestEvents.id));
  return { ...row, changes };
}

export type FollowedRequest = NonNullable<Awaited<ReturnType<typeof getRequestByToken>>>;

/**
 * The person withdraws their request (the signed token is the permission): only while it is
 * open; recorded with no actor. A finished request, or one withdrawn before, is left as it is.
 */
export async function withdrawRequestByToken(token: string): Promise<boolean> {
  const id = idOfSignedToken("request-follow-up", token);
  if (!id || !isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ state: requests.state })
      .from(requests)
      .where(eq(requests.id, id))
      .for("update");
    if (!current) throw notFound();
    if (!isOpenRequest(current.state)) return false;
    await tx
      .update(requests)
      .set({ state: "withdrawn", updatedAt: new Date() })
      .where(eq(requests.id, id));
    await tx.insert(requestEvents).values({
      requestId: id,
      kind: "withdrawn",
      actorId: null,
      fromState: current.state,
      toState: "withdrawn",
    });
    return true;
  });
}
