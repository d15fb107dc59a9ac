import { CONTENT_TYPE_LIST, type ContentTypeName } from "./content-types";

/**
 * What the audit log records (docs/decisions/075): the subjects staff change — every content
 * type from its declaration (app/shared/content-types.ts), and here the things that are not
 * content — and a closed vocabulary of actions. Call sites name a subject and an action from
 * these lists only; the log's screen and its filters read them too.
 */

/** The actions, each with its Arabic word (the log's column and filter). */
export const AUDIT_ACTIONS = {
  created: "إنشاء",
  updated: "تعديل",
  published: "نشر",
  unpublished: "إلغاء النشر",
  deleted: "حذف",
  restored: "استعادة نسخة سابقة",
  reordered: "إعادة ترتيب",
  reset: "العودة إلى الأصل",
  role_changed: "تغيير الصلاحية",
  sent: "إرسال",
  test_sent: "إرسال رسالة تجريبية",
  scheduled: "جدولة الإرسال",
  unscheduled: "إلغاء الجدولة",
  archived: "إظهار في الأرشيف",
  unarchived: "إخفاء من الأرشيف",
  checked_in: "تسجيل حضور",
  erased: "محو بيانات شخص",
  state_changed: "تغيير الحالة",
  assigned: "إسناد",
  noted: "ملاحظة داخلية",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export interface AuditedSubject {
  name: string;
  /** Arabic: how the log names it (a content type's list title). */
  label: string;
  /** Fields of its before/after with their Arabic names (others are shown by their key). */
  fields?: Readonly<Record<string, string>>;
  /** Fields kept and shown by their last four characters only (an account number, an IBAN). */
  secretFields?: readonly string[];
}

/** What staff change that is not a content type, declared once here. */
const OTHER_SUBJECTS = [
  { name: "users", label: "المستخدمون", fields: { role: "الصلاحية" } },
  { name: "settings", label: "الإعدادات" },
  {
    name: "donation_account",
    label: "حساب التبرعات",
    fields: {
      title: "العنوان",
      description: "الوصف",
      bank_name: "اسم البنك",
      account_number: "رقم الحساب",
      iban: "رقم الآيبان",
    },
    secretFields: ["account_number", "iban"],
  },
  { name: "page_texts", label: "نصوص الصفحات" },
  {
    name: "content_lists",
    label: "قوائم البطاقات",
    fields: { cards: "البطاقات", icon: "الأيقونة", link: "الرابط", image: "الصورة" },
  },
  { name: "menus", label: "قوائم التنقل" },
  { name: "categories", label: "التصنيفات" },
  { name: "event_registrations", label: "تسجيلات الفعاليات", fields: { attended: "الحضور" } },
  {
    name: "outreach",
    label: "طلبات التطوع والاستبيانات والنشرة",
    fields: { status: "الحالة" },
  },
  {
    name: "requests",
    label: "الطلبات",
    fields: { state: "الحالة", assigneeId: "المسؤول", dueOn: "موعد الإنجاز" },
  },
  { name: "personal_data", label: "بيانات الأشخاص" },
] as const satisfies readonly AuditedSubject[];

export type AuditSubjectName = ContentTypeName | (typeof OTHER_SUBJECTS)[number]["name"];

/** Every audited subject: the content types in the sidebar's order, then the others. */
export const AUDIT_SUBJECTS: readonly AuditedSubject[] = [
  ...CONTENT_TYPE_LIST.map((type) => ({ name: type.name, label: type.plural })),
  ...OTHER_SUBJECTS,
];

const BY_NAME = new Map(AUDIT_SUBJECTS.map((subject) => [subject.name, subject]));

/** A subject's declaration; an unknown name (a row of a type since removed) is shown as is. */
export const auditSubject = (name: string): AuditedSubject =>
  BY_NAME.get(name) ?? { name, label: name };

export const isAuditAction = (value: string): value is AuditAction =>
  Object.hasOwn(AUDIT_ACTIONS, value);

export const isAuditSubject = (value: string): value is AuditSubjectName => BY_NAME.has(value);

export const auditActionLabel = (action: string) =>
  isAuditAction(action) ? AUDIT_ACTIONS[action] : action;

/** A before/after value's longest kept length; longer ones end in "…". */
export const AUDIT_VALUE_MAX = 300;
/** At most this many fields of a before/after are kept. */
export const AUDIT_FIELDS_MAX = 20;

/** "••••7519": all but the last four characters hidden, whatever the length. */
export function maskAllButLast4(value: string): string {
  if (!value) return "(فارغ)";
  return `••••${value.length > 4 ? value.slice(-4) : ""}`;
}

export type AuditValues = Record<string, string>;

/**
 * The before/after kept in the log: strings only, at most AUDIT_FIELDS_MAX fields of at most
 * AUDIT_VALUE_MAX characters, secret fields by their last four characters.
 */
export function boundedValues(subject: string, values: Record<string, unknown> | null) {
  if (!values) return null;
  const secret = new Set<string>(auditSubject(subject).secretFields ?? []);
  const kept: AuditValues = {};
  for (const [field, raw] of Object.entries(values).slice(0, AUDIT_FIELDS_MAX)) {
    const text = raw === null || raw === undefined ? "" : String(raw);
    if (secret.has(field)) kept[field] = text ? maskAllButLast4(text) : "";
    else kept[field] = text.length > AUDIT_VALUE_MAX ? `${text.slice(0, AUDIT_VALUE_MAX)}…` : text;
  }
  return kept;
}

/** "رقم الحساب: ••••1234 ← ••••7519" lines of what changed, for the screen and the CSV. */
export function describeChange(subject: string, before: unknown, after: unknown): string[] {
  const fields = auditSubject(subject).fields ?? {};
  const from = (before ?? {}) as AuditValues;
  const to = (after ?? {}) as AuditValues;
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  const shown = (value: string | undefined) => (value ? value : "(فارغ)");
  return keys
    .filter((key) => from[key] !== to[key])
    .map((key) => `${fields[key] ?? key}: من ${shown(from[key])} إلى ${shown(to[key])}`);
}
