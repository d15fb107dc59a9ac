import { answerText } from "~/shared/built-form-answers";
import type { FormField } from "~/shared/form-builder";
import type { InboxDeclaration, InboxField } from "~/shared/inbox-fields";

/**
 * A built form's answers inbox and CSV (docs/decisions/069, 071): the columns are the form's own
 * fields, so the declaration is made from them, on the server for the CSV and in the browser for
 * the cards alike.
 */

export interface AnswerInboxRow {
  id: string;
  values: Record<string, string | number | boolean | string[] | null>;
  createdAt: Date | string;
  reference: string | null;
  requestId?: string | null;
  files: { id: string; fieldKey: string; fileName: string; size: number }[];
}

/** How many of the first answers a card shows; the whole answer is one link away. */
export const SUMMARY_FIELDS = 4;
/** A card's longest answer, in characters, before it is cut with "…". */
export const SUMMARY_TEXT_MAX = 160;

/**
 * The fields an inbox card shows (docs/decisions/071 "Speed"): the first answers in words (no
 * heading, consent or file — files are listed as downloads) and any mobile or e-mail, to call back.
 */
export function summaryFields(fields: FormField[]): FormField[] {
  const asked = fields.filter(
    (field) => field.kind !== "section" && field.kind !== "consent" && field.kind !== "file",
  );
  return asked.filter(
    (field, index) => index < SUMMARY_FIELDS || field.kind === "mobile" || field.kind === "email",
  );
}

/** A row as its card needs it: the summary's values only, a long text cut. */
export function summaryRow(row: AnswerInboxRow, fields: FormField[]): AnswerInboxRow {
  const values: AnswerInboxRow["values"] = {};
  for (const { key } of fields) {
    const value = row.values[key];
    values[key] =
      typeof value === "string" && value.length > SUMMARY_TEXT_MAX
        ? `${value.slice(0, SUMMARY_TEXT_MAX).trimEnd()}…`
        : (value ?? null);
  }
  const { id, createdAt, reference, requestId, files } = row;
  return { id, values, createdAt, reference, requestId, files };
}

const fieldColumn = (field: FormField): InboxField<AnswerInboxRow> => ({
  label: field.label,
  kind: field.kind === "mobile" ? "phone" : field.kind === "email" ? "email" : undefined,
  place: field.kind === "long_text" ? "note" : "detail",
  value: (row) =>
    field.kind === "file"
      ? row.files
          .filter((file) => file.fieldKey === field.key)
          .map((file) => file.fileName)
          .join("، ")
      : answerText(field, row.values[field.key]),
});

export function answerInbox(form: {
  title: string;
  fields: FormField[];
  isRequest: boolean;
}): InboxDeclaration<AnswerInboxRow> {
  const asked = form.fields.filter((field) => field.kind !== "section" && field.kind !== "consent");
  return {
    title: `إجابات «${form.title}»`,
    fields: [
      {
        label: form.isRequest ? "رقم الطلب" : "الإجابة",
        place: "title",
        value: (row) => row.reference ?? "إجابة",
      },
      { label: "تاريخ الإرسال", kind: "date", place: "badge", value: (row) => row.createdAt },
      ...asked.map(fieldColumn),
    ],
    search: { label: "ابحث في الإجابات", placeholder: "اسم أو جوال أو رقم طلب", filters: [] },
    fileName: "form-answers",
    countLabel: "عدد الإجابات",
    empty: { title: "لا إجابات بعد", text: "ستظهر هنا إجابات الناس على هذا النموذج." },
    pages: { label: "صفحات الإجابات", newer: "الأحدث", older: "الأقدم" },
    erase: {
      role: "admin",
      subject: "forms",
      name: (row) => row.reference ?? "هذه الإجابة",
      confirmation:
        "ستُحذف هذه الإجابة وملفاتها وطلبها نهائياً، كما يطلب من يريد أن تُنسى بياناته. لا يمكن التراجع.",
      done: "حُذفت الإجابة وملفاتها نهائياً",
      failed: "فشل في حذف الإجابة",
    },
  };
}
