import { z } from "zod";

/**
 * Text fields of the staff forms, shared by the browser and the server. Every field is bounded
 * (so a request can never store more than its column is meant for) and every message,
 * including the one for a value that is not text at all (a field sent twice arrives as a
 * list), is the field's Arabic message.
 */

/** Tabs and line breaks become single spaces: a title pasted over two lines keeps its words. */
export const toOneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** A required one-line text of at most `max` characters. */
export function oneLineText(max: number, messages: { required: string; tooLong: string }) {
  return z
    .string({ error: messages.required })
    .overwrite(toOneLine)
    .min(1, messages.required)
    .max(max, messages.tooLong);
}

/** An optional text of paragraphs of at most `max` characters (line breaks as LF). */
export function optionalParagraphs(max: number, tooLong: string) {
  return z
    .string({ error: tooLong })
    .overwrite((text) => text.replace(/\r\n?/g, "\n").trim())
    .max(max, tooLong)
    .optional();
}
