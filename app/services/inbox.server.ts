import { data } from "react-router";
import { auditedWrite } from "~/models/audit-log.server";
import type { ActionResult } from "~/shared/action-result";
import { csvResponse, textStream } from "~/shared/csv";
import {
  type InboxDeclaration,
  inboxCsv,
  inboxCsvChunks,
  inboxFileName,
} from "~/shared/inbox-fields";
import { type Actor, assertRole, type Role } from "~/shared/roles";
import { readFormData } from "../utils/form-data.server";
import { getStaffActor, requireRole } from "./permissions.server";
import { parseListIntent, respondToMutation } from "./staff-actions.server";

/**
 * The server side of an inbox (docs/decisions/069): its CSV file and its action, fed by the
 * inbox's declaration (`~/shared/inbox-fields`) and the screen's model calls.
 */

/** The CSV file of every row `read` returns, for `role` and above (the model checks again). */
export async function answerInboxCsv<Row>(
  request: Request,
  inbox: InboxDeclaration<Row>,
  read: (actor: Actor) => Promise<Row[]>,
  role: Role = "editor",
): Promise<Response> {
  const actor = await requireRole(request, role);
  return csvResponse(inboxFileName(inbox), inboxCsv(inbox, await read(actor)));
}

/**
 * The same file streamed: `read` gives the rows in batches (a model's keyset reads), each
 * written as the client takes it, so 10,000 rows never sit in memory at once.
 */
export async function answerInboxCsvStream<Row>(
  request: Request,
  inbox: InboxDeclaration<Row>,
  read: (actor: Actor) => AsyncIterable<Row[]>,
): Promise<Response> {
  const actor = await requireRole(request, "editor");
  return csvResponse(inboxFileName(inbox), textStream(inboxCsvChunks(inbox, read(actor))));
}

/**
 * The action of an inbox screen: `intent=delete` with the row's `id` erases it (only for the
 * declaration's role, checked here and again by the model), any other intent is the screen's
 * own (`otherIntents`, given the body already read); without one, it is refused with 400.
 */
export async function answerInboxAction<Row, Answer = never>(
  request: Request,
  inbox: InboxDeclaration<Row>,
  erase: (actor: Actor, id: string) => Promise<unknown>,
  otherIntents?: (actor: Actor | null, formData: FormData) => Promise<Answer>,
) {
  // The staff gate (role and two-factor) before the body is read.
  const actor = await getStaffActor(request);
  const formData = await readFormData(request);
  if (otherIntents && formData.get("intent") !== "delete") return otherIntents(actor, formData);
  const row = parseListIntent(formData);
  const declared = inbox.erase;
  if (row?.intent !== "delete" || !declared) {
    return data<ActionResult>({ ok: false, message: "طلب غير صالح" }, { status: 400 });
  }
  // The erase is in the audit log with it: who erased which row, not what it held.
  const entry = {
    actor,
    subject: declared.subject ?? "outreach",
    action: "erased",
    item: { id: row.id },
  } as const;
  const run = () => erase(assertRole(actor, declared.role), row.id);
  return respondToMutation(() => auditedWrite(entry, run), {
    success: { type: "success", title: "تم الحذف", description: declared.done },
    failure: declared.failed,
  });
}
