import { z } from "zod";
import type { FormAnswerValues, FormField, FormFileKind } from "./form-builder";
import { HONEYPOT_FIELD } from "./honeypot";
import { emailAddress, mobile } from "./outreach-fields";

/**
 * One schema per built form (issue 36, docs/decisions/071): `answerSchema(fields)` builds the zod
 * schema of a form's answer from its fields, with Arabic messages in the spec's style. The public
 * form's action parses with it (`parseForm`) and the browser checks with the same schema in one
 * pass, so both give the same errors in one round (decision 046).
 */

/** A file field's largest limit: the largest body cap of the site's forms (a document's PDF). */
export const BUILT_FORM_MAX_FILE_MB = 20;
/** At most this many file fields a form, so its body cap stays bounded (decision 070). */
export const BUILT_FORM_MAX_FILE_FIELDS = 3;
/**
 * A form's file fields together: no form sends more than a document's PDF, so the largest body a
 * route accepts (and the proxy's `client_max_body_size`, decision 076) stays a document form's.
 */
export const BUILT_FORM_MAX_TOTAL_FILE_MB = BUILT_FORM_MAX_FILE_MB;
/** A file field's limit when the builder leaves it empty. */
export const BUILT_FORM_DEFAULT_FILE_MB = 5;
export const BUILT_FORM_MAX_FIELDS = 40;
export const SHORT_TEXT_MAX = 300;
export const LONG_TEXT_MAX = 5000;

export const fileLimitBytes = (field: { maxMb: number }) => field.maxMb * 1024 * 1024;

/** The file types a file field takes, as the browser's `accept` and as words. */
export const FILE_KINDS: Record<FormFileKind, { accept: string; words: string }> = {
  pdf: { accept: "application/pdf,.pdf", words: "ملف PDF" },
  image: { accept: "image/*", words: "صورة" },
  pdf_or_image: { accept: "application/pdf,.pdf,image/*", words: "ملف PDF أو صورة" },
};

export const ANSWER_MESSAGES = {
  required: (label: string) => `${label}: هذا الحقل مطلوب`,
  tooLong: (label: string, max: number) => `${label} يجب ألا يزيد على ${max} حرف`,
  number: (label: string) => `${label}: اكتب رقماً صحيحاً`,
  tooSmall: (label: string, min: number) => `${label} يجب ألا يقل عن ${min}`,
  tooLarge: (label: string, max: number) => `${label} يجب ألا يزيد على ${max}`,
  date: (label: string) => `${label}: اكتب تاريخاً صحيحاً`,
  dateBefore: (label: string, day: string) => `${label} يجب ألا يكون قبل ${day}`,
  dateAfter: (label: string, day: string) => `${label} يجب ألا يكون بعد ${day}`,
  choose: (label: string) => `اختر ${label}`,
  chooseOne: (label: string) => `${label}: اختر واحداً على الأقل`,
  yesNo: (label: string) => `${label}: اختر نعم أو لا`,
  file: (label: string, kind: FormFileKind) => `${label}: اختر ${FILE_KINDS[kind].words}`,
  fileTooLarge: (label: string, maxMb: number) => `حجم ${label} يجب ألا يزيد على ${maxMb} ميجابايت`,
  consent: "يلزم موافقتك على حفظ بياناتك لنتمكن من الرد على طلبك",
} as const;

const optional = <T extends z.ZodType>(schema: T, required: boolean) =>
  required ? schema : schema.optional();

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The declared type a file field takes (the server reads the bytes themselves as well). */
const acceptsType = (kind: FormFileKind, type: string) => {
  if (!type) return true;
  const pdf = type === "application/pdf" || type === "application/x-pdf";
  const image = type.startsWith("image/");
  return kind === "pdf" ? pdf : kind === "image" ? image : pdf || image;
};

/** The schema of one field's value, or null for a section (it asks nothing). */
function fieldSchema(field: FormField): z.ZodType | null {
  const { label, required } = field;
  const needed = ANSWER_MESSAGES.required(label);
  switch (field.kind) {
    case "section":
      return null;
    case "short_text":
    case "long_text": {
      const text = z
        .string({ error: needed })
        .overwrite((value) =>
          field.kind === "short_text"
            ? value.replace(/\s+/g, " ").trim()
            : value.replace(/\r\n?/g, "\n").trim(),
        )
        .max(field.maxLength, ANSWER_MESSAGES.tooLong(label, field.maxLength));
      return required ? text.min(1, needed) : text.optional();
    }
    case "number": {
      const notANumber = ANSWER_MESSAGES.number(label);
      let number = z.number({
        error: (issue) => (issue.input === undefined ? needed : notANumber),
      });
      if (field.min !== undefined)
        number = number.min(field.min, ANSWER_MESSAGES.tooSmall(label, field.min));
      if (field.max !== undefined)
        number = number.max(field.max, ANSWER_MESSAGES.tooLarge(label, field.max));
      return optional(number, required);
    }
    case "mobile":
      return optional(z.string({ error: needed }).pipe(mobile), required);
    case "email":
      return optional(emailAddress(needed), required);
    case "date": {
      const day = z
        .string({ error: needed })
        .trim()
        .refine(isDay, ANSWER_MESSAGES.date(label))
        .refine((value) => !field.notBefore || value >= field.notBefore, {
          message: ANSWER_MESSAGES.dateBefore(label, field.notBefore ?? ""),
          abort: true,
        })
        .refine((value) => !field.notAfter || value <= field.notAfter, {
          message: ANSWER_MESSAGES.dateAfter(label, field.notAfter ?? ""),
        });
      return optional(day, required);
    }
    case "single_choice": {
      const choice = z.enum(field.options as [string, ...string[]], {
        error: ANSWER_MESSAGES.choose(label),
      });
      return optional(choice, required);
    }
    case "multi_choice": {
      const message = ANSWER_MESSAGES.chooseOne(label);
      const choices = z
        .array(z.string({ error: message }), { error: message })
        .max(field.options.length, message)
        .refine((values) => values.every((value) => field.options.includes(value)), message)
        .transform((values) => [...new Set(values)]);
      return required ? choices.refine((values) => values.length > 0, message) : choices.optional();
    }
    case "yes_no": {
      const answer = z.enum(["yes", "no"], { error: ANSWER_MESSAGES.yesNo(label) });
      return optional(answer, required);
    }
    case "file": {
      const message = ANSWER_MESSAGES.file(label, field.accept);
      const file = z
        .file({ error: message })
        .refine((value) => value.size <= fileLimitBytes(field), {
          message: ANSWER_MESSAGES.fileTooLarge(label, field.maxMb),
          abort: true,
        })
        .refine((value) => value.size > 0 && acceptsType(field.accept, value.type), message);
      return optional(file, required);
    }
    case "consent":
      return z.literal("on", { error: ANSWER_MESSAGES.consent });
  }
}

/** The fields that ask something (every kind but a section). */
export const askingFields = (fields: readonly FormField[]) =>
  fields.filter((field) => field.kind !== "section");

/** The schema of an answer to a form with `fields`, keyed by each field's key. */
export function answerSchema(fields: readonly FormField[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const schema = fieldSchema(field);
    if (schema) shape[field.key] = schema;
  }
  // The honeypot is read before parsing; it is allowed here so a robot's answer is not a 400.
  shape[HONEYPOT_FIELD] = z.string().optional();
  return z.object(shape);
}

export type ParsedAnswer = Record<string, unknown>;

/** The answer's values as stored: files are kept apart (their rows hold the file's id). */
export function storedValues(fields: readonly FormField[], parsed: ParsedAnswer) {
  const values: FormAnswerValues = {};
  const files: { field: FormField & { kind: "file" }; file: File }[] = [];
  for (const field of askingFields(fields)) {
    const value = parsed[field.key];
    if (field.kind === "file") {
      if (value instanceof File) files.push({ field, file: value });
      values[field.key] = null;
    } else if (field.kind === "consent") {
      values[field.key] = true;
    } else if (value === undefined || value === "") {
      values[field.key] = null;
    } else {
      values[field.key] = value as string | number | string[];
    }
  }
  return { values, files };
}

/** Where the answer's mails go and how privacy requests find it: its first mobile and e-mail. */
export function contactOf(fields: readonly FormField[], values: FormAnswerValues) {
  const first = (kind: "mobile" | "email") => {
    const field = fields.find((candidate) => candidate.kind === kind);
    const value = field ? values[field.key] : null;
    return typeof value === "string" ? value : null;
  };
  return { contactPhone: first("mobile"), contactEmail: first("email") };
}

/** A stored value as words (the inbox, the CSV). */
export function answerText(field: FormField, value: FormAnswerValues[string]): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join("، ");
  if (field.kind === "yes_no") return value === "yes" ? "نعم" : "لا";
  if (field.kind === "consent") return value ? "موافق" : "";
  return String(value);
}
