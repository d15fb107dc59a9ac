import { z } from "zod";
import type { AuditSubjectName } from "./audit-subjects";
import { CSV_BOM, csvLines, toCsv } from "./csv";
import { isoDate } from "./dates";
import { localMobile } from "./outreach-fields";
import type { Role } from "./roles";

/**
 * An inbox of what people sent the association (volunteer requests, survey answers, newsletter
 * subscribers, event registrations): its fields are declared once and serve the screen's cards
 * or table, the CSV file and the "delete this person's data" button (docs/decisions/069).
 */

export type InboxValue = string | number | Date | null | undefined;

/**
 * Where a field shows on the screen: the card's heading, its badge, a line of its details, a
 * paragraph under them, or nowhere (`file`: only in the CSV, e.g. what the card edits in a form).
 * Every field is a column of the CSV, in the declared order.
 */
export type InboxPlace = "title" | "badge" | "detail" | "note" | "file";

export interface InboxField<Row> {
  label: string;
  /** A mobile is written locally (05…) and dialled by a link; a date is its day; an address reads left to right. */
  kind?: "text" | "phone" | "email" | "date";
  /** `detail` unless said. */
  place?: InboxPlace;
  value(row: Row): InboxValue;
}

/** A filter of the list: a query parameter and its choices (the first, "all", is empty). */
export interface InboxFilter {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  /** A day picker instead of the choices (the audit log's dates). */
  kind?: "date";
}

export interface InboxDeclaration<Row> {
  title: string;
  /** Said under the title; a screen whose description changes (an event's) gives its own. */
  description?: string;
  fields: InboxField<Row>[];
  /** The search box (`?q=`) and filters above the list; the model reads the same parameters. */
  search?: { label: string; placeholder: string; filters: InboxFilter[] };
  /** The CSV file's name before its date: `volunteers` → `volunteers-2026-11-28.csv`. */
  fileName: string;
  /** The whole list's count, said above it ("عدد الطلبات"); none for a screen that says its own. */
  countLabel?: string;
  empty: { title: string; text: string };
  /** The page links: what they are for screen readers, and their two words. */
  pages: { label: string; newer: string; older: string };
  /**
   * Forgetting one person on request: who may (checked on the server, then again by the model).
   * None where the privacy tools do it for everything the site holds (the requests inbox, 072),
   * or where nobody may erase (the audit log, 075).
   */
  erase?: {
    role: Role;
    /** How the row is named in the button and its dialog: its title field unless said. */
    name?(row: Row): string;
    confirmation: string;
    /** The audit log's subject of an erase (docs/decisions/075); the outreach inboxes' unless said. */
    subject?: AuditSubjectName;
    /** The success toast's words, under «تم الحذف». */
    done: string;
    failed: string;
  };
}

/** The name, mobile and e-mail a person gives on the association's forms. */
export function contactFields<
  Row extends { fullName: string; phone: string; email: string | null },
>(): InboxField<Row>[] {
  return [
    { label: "الاسم", place: "title", value: (row) => row.fullName },
    { label: "الجوال", kind: "phone", value: (row) => row.phone },
    { label: "البريد", kind: "email", value: (row) => row.email },
  ];
}

/** How a row is named in its erase button and dialog. */
export function nameOf<Row>(inbox: InboxDeclaration<Row>, row: Row): string {
  const [title] = fieldsAt(inbox, "title");
  return inbox.erase?.name?.(row) ?? String(title?.value(row) ?? "");
}

const INVALID_REQUEST = "طلب غير صالح";

/** The intent and row id that a card's own form (a status, an attendance) posts. */
export const cardIntent = <Intent extends string>(intent: Intent) => ({
  intent: z.literal(intent, { error: INVALID_REQUEST }),
  id: z.string({ error: INVALID_REQUEST }).max(100, INVALID_REQUEST),
});

/** An inbox's rows that have an id (every table's rows do). */
export interface InboxRow {
  id: string;
}

/** The fields shown at one place of the card (or of the table's row). */
export const fieldsAt = <Row>(inbox: InboxDeclaration<Row>, place: InboxPlace) =>
  inbox.fields.filter((field) => (field.place ?? "detail") === place);

/** Whether a value shows nothing (no card line, an empty CSV cell). */
export const isEmpty = (value: InboxValue) => value === null || value === undefined || value === "";

/** Whether a field has something to show for this row (an empty line is left out of a card). */
export const hasValue = <Row>(field: InboxField<Row>, row: Row) => !isEmpty(field.value(row));

/** A field's cell in the CSV file: the mobile as people write it, a date as its day. */
export function fileValue<Row>(field: InboxField<Row>, row: Row): string {
  const value = field.value(row);
  if (value === null || value === undefined) return "";
  if (field.kind === "phone") return localMobile(String(value));
  if (field.kind === "date") return isoDate(value).slice(0, 10);
  return String(value);
}

const csvRowsOf = <Row>(inbox: InboxDeclaration<Row>, rows: Row[]) =>
  rows.map((row) => inbox.fields.map((field) => fileValue(field, row)));

const csvHeaderOf = <Row>(inbox: InboxDeclaration<Row>) => inbox.fields.map((field) => field.label);

/** The CSV file of an inbox's rows (UTF-8 with a BOM, formula-safe cells: `toCsv`). */
export function inboxCsv<Row>(inbox: InboxDeclaration<Row>, rows: Row[]): string {
  return toCsv(csvHeaderOf(inbox), csvRowsOf(inbox, rows));
}

/** The same file a batch of rows at a time: the BOM and header, then each batch's lines. */
export async function* inboxCsvChunks<Row>(
  inbox: InboxDeclaration<Row>,
  batches: AsyncIterable<Row[]>,
): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvLines([csvHeaderOf(inbox)])}`;
  for await (const rows of batches) yield csvLines(csvRowsOf(inbox, rows));
}

/** The file's name on the day it is made, e.g. `volunteers-2026-11-28.csv`. */
export const inboxFileName = (
  inbox: Pick<InboxDeclaration<unknown>, "fileName">,
  day = new Date(),
) => `${inbox.fileName}-${isoDate(day).slice(0, 10)}.csv`;
