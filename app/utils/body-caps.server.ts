import { BUILT_FORM_MAX_TOTAL_FILE_MB } from "~/shared/built-form-answers";
import { MAX_DOCUMENT_BYTES } from "~/shared/documents";
import type { FormField } from "~/shared/form-builder";
import { LONG_TEXT_MAX_LENGTH } from "~/shared/form-limits";
import { MAX_IMAGE_BYTES } from "~/shared/image-rules";

/**
 * How large a route's body may be, derived from what its form declares (docs/decisions/070): its
 * long text at its longest, sent in the costliest encoding, and its file at its field's limit.
 * `server/body-limits.ts` caps the request with it before anything reads it, and the action reads
 * with the same figures (`readFormData`).
 */

/** One character URL-encoded at worst: three bytes of UTF-8, each sent as `%XX`. */
const BYTES_PER_CHARACTER = 9;
/** A form's short fields (titles, links, dates, choices) and multipart's part headers. */
const SHORT_FIELDS_BYTES = 64 * 1024;

export interface FormDeclaration {
  /** Whether the form has a long text (`LONG_TEXT_MAX_LENGTH` characters). */
  longText: boolean;
  /** The limit of its file field, when it has one (one file a save). */
  fileBytes?: number;
}

export interface BodyCaps {
  /** The most a form may hold: its texts and its file at their limits. */
  formBytes: number;
  /**
   * The most bytes a form with a file may send. Past `formBytes` a file over its field's limit
   * is received and dropped, not stored, so the form comes back with its fields and the field's
   * own message (readFormData's `maxFileBytes`); past this, the body is refused 413.
   */
  maxBytes: number;
  /** A file part's limit, when the form has a file field. */
  maxFileBytes?: number;
}

export function bodyCapsOf({ longText, fileBytes }: FormDeclaration): BodyCaps {
  const textBytes =
    SHORT_FIELDS_BYTES + (longText ? LONG_TEXT_MAX_LENGTH * BYTES_PER_CHARACTER : 0);
  if (fileBytes === undefined) return { formBytes: textBytes, maxBytes: textBytes };
  const formBytes = textBytes + fileBytes;
  // Room for a file up to twice its limit and more (a 25 MB PDF, a 6 MB photo) to be answered
  // beside its field; the server drains at most 32 MB of a refused body anyway (decision 039).
  return { formBytes, maxBytes: 2 * formBytes, maxFileBytes: fileBytes };
}

/** The caps of the staff forms, one declaration each. */
export const FORM_CAPS = {
  post: bodyCapsOf({ longText: true, fileBytes: MAX_IMAGE_BYTES }),
  galleryImage: bodyCapsOf({ longText: false, fileBytes: MAX_IMAGE_BYTES }),
  /** An image placed inside an article's text (posts/media). */
  inlineImage: bodyCapsOf({ longText: false, fileBytes: MAX_IMAGE_BYTES }),
  // One new image block a save; the page's texts, as multipart, fit the long-text allowance.
  page: bodyCapsOf({ longText: true, fileBytes: MAX_IMAGE_BYTES }),
  document: bodyCapsOf({ longText: false, fileBytes: MAX_DOCUMENT_BYTES }),
  event: bodyCapsOf({ longText: true, fileBytes: MAX_IMAGE_BYTES }),
  campaign: bodyCapsOf({ longText: true }),
  cardList: bodyCapsOf({ longText: false, fileBytes: MAX_IMAGE_BYTES }),
} as const satisfies Record<string, BodyCaps>;

/**
 * A built form's caps, from its own fields (docs/decisions/071): a long text if it has one, and
 * its file fields' limits together.
 */
export function builtFormCaps(fields: readonly FormField[]): BodyCaps {
  const fileBytes = fields.reduce(
    (sum, field) => sum + (field.kind === "file" ? field.maxMb * 1024 * 1024 : 0),
    0,
  );
  return bodyCapsOf({
    longText: fields.some((field) => field.kind === "long_text"),
    fileBytes: fileBytes > 0 ? fileBytes : undefined,
  });
}

/** The most any built form may send: Express caps /forms/<slug> with it before the form is read. */
export const BUILT_FORM_LARGEST_CAPS = bodyCapsOf({
  longText: true,
  fileBytes: BUILT_FORM_MAX_TOTAL_FILE_MB * 1024 * 1024,
});
