import { z } from "zod";
import { editVersion } from "~/shared/form-validation";
import { STAFF_TARGET_STATES } from "~/shared/request-states";
import { optionalParagraphs } from "~/shared/text-fields";

/** The forms of a request's staff page (docs/decisions/072): one intent each. */
export const REQUEST_INTENTS = ["state", "assign", "due", "note"] as const;
export type RequestIntent = (typeof REQUEST_INTENTS)[number];

const INVALID = "طلب غير صالح";
const intent = <Intent extends RequestIntent>(value: Intent) =>
  z.literal(value, { error: INVALID });

export const REQUEST_MESSAGE_MAX = 1000;
export const REQUEST_NOTE_MAX = 2000;

export const requestStateSchema = z.object({
  intent: intent("state"),
  to: z.enum(STAFF_TARGET_STATES, { error: "اختر الحالة الجديدة" }),
  message: optionalParagraphs(
    REQUEST_MESSAGE_MAX,
    `الرسالة يجب ألا تزيد على ${REQUEST_MESSAGE_MAX} حرف`,
  ),
  version: editVersion,
});

export const requestAssignSchema = z.object({
  intent: intent("assign"),
  assigneeId: z.string({ error: "اختر المسؤول" }).max(100, INVALID).optional(),
  version: editVersion,
});

export const requestDueSchema = z.object({
  intent: intent("due"),
  dueOn: z
    .string({ error: "اكتب التاريخ هكذا: 2026-12-31" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "اكتب التاريخ هكذا: 2026-12-31")
    // A day that exists (JavaScript rolls 2030-02-31 over to March; PostgreSQL refuses it).
    .refine((value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
    }, "التاريخ غير صحيح")
    .optional(),
  version: editVersion,
});

export const requestNoteSchema = z.object({
  intent: intent("note"),
  note: z
    .string({ error: "اكتب الملاحظة" })
    .overwrite((text) => text.replace(/\r\n?/g, "\n").trim())
    .min(1, "اكتب الملاحظة")
    .max(REQUEST_NOTE_MAX, `الملاحظة يجب ألا تزيد على ${REQUEST_NOTE_MAX} حرف`),
});

export const REQUEST_SCHEMAS = {
  state: requestStateSchema,
  assign: requestAssignSchema,
  due: requestDueSchema,
  note: requestNoteSchema,
} as const;
