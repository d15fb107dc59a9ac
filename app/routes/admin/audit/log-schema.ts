import { z } from "zod";
import type { AuditFilters, AuditRow } from "~/models/audit-log.server";
import {
  AUDIT_ACTIONS,
  AUDIT_SUBJECTS,
  auditActionLabel,
  auditSubject,
  describeChange,
  isAuditAction,
  isAuditSubject,
} from "~/shared/audit-subjects";
import { formatDateTime, isoDate } from "~/shared/dates";
import type { InboxDeclaration, InboxFilter } from "~/shared/inbox-fields";
import { normaliseRole, ROLE_LABELS } from "~/shared/roles";

/** The audit log's screen and CSV (docs/decisions/075, on the inbox skeleton of 069). */
export const auditInbox: InboxDeclaration<AuditRow> = {
  title: "سجل التغييرات",
  description:
    "كل تعديل يجريه فريق العمل: من أجراه وصلاحيته، وما الذي تغيّر ومتى. لا يمكن تعديل السجل ولا حذفه.",
  fields: [
    { label: "الوقت", place: "title", value: (row) => formatDateTime(row.at) },
    {
      label: "من",
      value: (row) => `${row.actorName} (${ROLE_LABELS[normaliseRole(row.actorRole)]})`,
    },
    { label: "النوع", value: (row) => auditSubject(row.subject).label },
    { label: "الإجراء", place: "badge", value: (row) => auditActionLabel(row.action) },
    { label: "العنصر", value: (row) => row.itemLabel ?? row.itemId },
    {
      label: "قبل وبعد",
      place: "note",
      value: (row) => describeChange(row.subject, row.before, row.after).join(" ؛ "),
    },
    { label: "الوقت (ISO)", place: "file", value: (row) => isoDate(row.at) },
    { label: "رقم العنصر", place: "file", value: (row) => row.itemId },
  ],
  search: {
    label: "ابحث في السجل",
    placeholder: "اسم من أجرى التعديل أو عنوان العنصر",
    filters: [],
  },
  fileName: "audit-log",
  countLabel: "عدد السجلات",
  empty: {
    title: "لا توجد تغييرات مسجّلة بعد",
    text: "يظهر هنا كل إنشاء وتعديل ونشر وحذف يجريه فريق العمل.",
  },
  pages: { label: "صفحات السجل", newer: "الأحدث", older: "الأقدم" },
};

const ALL = { value: "", label: "الكل" };

/** The filters above the log: who, type, action and the dates (a plain GET form). */
export function auditFilters(actors: { id: string; name: string; email: string }[]): InboxFilter[] {
  return [
    {
      name: "who",
      label: "من",
      options: [ALL, ...actors.map((a) => ({ value: a.id, label: a.name || a.email }))],
    },
    {
      name: "type",
      label: "النوع",
      options: [ALL, ...AUDIT_SUBJECTS.map((s) => ({ value: s.name, label: s.label }))],
    },
    {
      name: "action",
      label: "الإجراء",
      options: [ALL, ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))],
    },
    { name: "from", label: "من تاريخ", kind: "date", options: [] },
    { name: "to", label: "إلى تاريخ", kind: "date", options: [] },
  ];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day of Riyadh's calendar (UTC+3, no daylight saving) as the instant it starts. */
function riyadhDay(value: string | null, plusDays = 0): Date | undefined {
  if (!value || !DAY.test(value)) return undefined;
  const start = new Date(`${value}T00:00:00+03:00`);
  if (Number.isNaN(start.getTime())) return undefined;
  return new Date(start.getTime() + plusDays * 86_400_000);
}

const text = z.string().trim().max(100);

/** The filters an address asks for; anything unknown or malformed is left out, never a 500. */
export function auditFiltersFrom(url: string): AuditFilters {
  const params = new URL(url).searchParams;
  const q = text.safeParse(params.get("q") ?? "").data;
  const who = text.safeParse(params.get("who") ?? "").data;
  const subject = params.get("type") ?? "";
  const action = params.get("action") ?? "";
  return {
    q: q || undefined,
    who: who || undefined,
    subject: isAuditSubject(subject) ? subject : undefined,
    action: isAuditAction(action) ? action : undefined,
    from: riyadhDay(params.get("from")),
    to: riyadhDay(params.get("to"), 1),
  };
}
