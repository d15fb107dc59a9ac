import {
  DomainError,
  InvalidInputError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from "~/shared/domain-errors";
import {
  boundaryOf,
  DroppedFile,
  type MultipartRead,
  readMultipartDroppingFiles,
  TooLarge,
} from "./multipart-files.server";

/**
 * The one way an action reads a submitted form. Whatever arrives — a wrong content type, a body
 * that is too large, truncated multipart, bytes that are not UTF-8, NUL characters that
 * PostgreSQL refuses — the answer is a 4xx with an Arabic message, never a 500 and never a row.
 * The errors are thrown as domain errors, so the route's error screen shows the message.
 */

export const REQUEST_UNREADABLE = "تعذّرت قراءة البيانات المرسلة، أعد تحميل الصفحة وحاول مرة أخرى";
export const REQUEST_TOO_LARGE = "حجم البيانات المرسلة أكبر من المسموح";
export const REQUEST_TYPE_UNSUPPORTED = "صيغة البيانات المرسلة غير مدعومة";
export const REQUEST_INVALID_CHARACTERS = "تحتوي البيانات المرسلة على رموز غير مسموح بها";
export const REQUEST_TOO_MANY_FIELDS = "يحتوي الطلب على حقول أكثر من المسموح";
/** A value PostgreSQL itself refused (see isRefusedValue). */
export const REQUEST_INVALID_VALUES = "بعض القيم المرسلة غير صالحة، راجعها وحاول مرة أخرى";

/**
 * A form of short fields: sign-in, settings, surveys, page texts. Forms with a long text or a
 * file declare their own caps (app/utils/body-caps.server.ts).
 */
export const FORM_MAX_BYTES = 256 * 1024;
/** No form of ours has more than a few dozen fields; thousands are an attack on the parser. */
const MAX_FIELDS = 200;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

const REFUSALS = {
  400: InvalidInputError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
};

/** Throws the domain error of `status` (400, 413 or 415) with its Arabic message. */
export function refuseRequest(status: keyof typeof REFUSALS, message: string): never {
  throw new REFUSALS[status](message);
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

/** Reads the body up to `maxBytes`, refusing as soon as it is known to be longer. */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) refuseRequest(413, REQUEST_TOO_LARGE);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        // Not cancelled: that would close the connection, and the client would lose the 413
        // to a reset. The server drains the rest, bounded (server/drain-after-answer.ts).
        reader.releaseLock();
        refuseRequest(413, REQUEST_TOO_LARGE);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    refuseRequest(400, REQUEST_UNREADABLE);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * NUL (PostgreSQL refuses it), the other control characters but tab and line breaks, U+FFFE,
 * U+FFFF and lone surrogates (none of which XML — the RSS feed, the sitemap — can carry), and
 * U+FFFD (what undecodable bytes became).
 */
const FORBIDDEN_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFD\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasForbiddenCharacter = (text: string) => FORBIDDEN_CHARACTER.test(text);

/** A form with a file: multipart, its file part dropped when over its limit. */
async function readMultipartBody(
  request: Request,
  caps: { maxBytes: number; formBytes: number; maxFileBytes: number },
): Promise<MultipartRead> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > caps.maxBytes) refuseRequest(413, REQUEST_TOO_LARGE);
  const boundary = boundaryOf(request.headers.get("content-type") ?? "");
  if (!request.body || !boundary) refuseRequest(400, REQUEST_UNREADABLE);
  try {
    return await readMultipartDroppingFiles(request.body, boundary, caps);
  } catch (error) {
    if (error instanceof TooLarge) refuseRequest(413, REQUEST_TOO_LARGE);
    refuseRequest(400, REQUEST_UNREADABLE);
  }
}

/** What a form's body may be (app/utils/body-caps.server.ts): by default a form of text fields. */
export interface ReadCaps {
  /** The most bytes that may arrive (413 past it). */
  maxBytes?: number;
  /** A form with a file field: the file's limit, and the most the form may hold with it. */
  maxFileBytes?: number;
  formBytes?: number;
}

/**
 * The submitted form, checked: a form content type (415), at most `maxBytes` (413), parseable,
 * at most 200 fields, and every name and text value valid UTF-8 without forbidden characters
 * (400). With `maxFileBytes`, a file over it is not kept: it comes as a `DroppedFile` of the size
 * sent and no content, which its field's schema refuses with its own message.
 */
export async function readFormData(
  request: Request,
  { maxBytes = FORM_MAX_BYTES, maxFileBytes, formBytes = maxBytes }: ReadCaps = {},
): Promise<FormData> {
  const type = mediaType(request);
  if (!FORM_TYPES.includes(type)) refuseRequest(415, REQUEST_TYPE_UNSUPPORTED);
  const { body: bytes, dropped } =
    type === "multipart/form-data" && maxFileBytes !== undefined
      ? await readMultipartBody(request, { maxBytes, formBytes, maxFileBytes })
      : { body: await readBodyBytes(request, maxBytes), dropped: new Map<number, number>() };

  if (type === "application/x-www-form-urlencoded") {
    // Raw bytes must be UTF-8; percent-escapes of invalid UTF-8 decode to U+FFFD (checked below).
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      refuseRequest(400, REQUEST_UNREADABLE);
    }
  }
  let formData: FormData;
  try {
    formData = await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type") ?? type },
      body: bytes,
    }).formData();
  } catch {
    refuseRequest(400, REQUEST_UNREADABLE);
  }
  if (dropped.size > 0) formData = withDroppedFiles(formData, dropped);
  let fields = 0;
  for (const [name, value] of formData) {
    if (++fields > MAX_FIELDS) refuseRequest(400, REQUEST_TOO_MANY_FIELDS);
    if (hasForbiddenCharacter(name)) refuseRequest(400, REQUEST_INVALID_CHARACTERS);
    if (typeof value === "string" && hasForbiddenCharacter(value)) {
      refuseRequest(400, REQUEST_INVALID_CHARACTERS);
    }
  }
  return formData;
}

/** The form with each dropped part's empty file replaced by a `DroppedFile` of its size. */
function withDroppedFiles(formData: FormData, dropped: Map<number, number>): FormData {
  const result = new FormData();
  let index = 0;
  for (const [name, value] of formData) {
    const size = dropped.get(index++);
    result.append(
      name,
      size !== undefined && value instanceof File ? new DroppedFile(value, size) : value,
    );
  }
  return result;
}

/** The SQLSTATE of a database error; Drizzle wraps the driver's error in `cause`. */
function sqlState(error: unknown): string | null {
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A row another row points to is missing (23503), e.g. a category deleted meanwhile. */
export const isMissingReference = (error: unknown) => sqlState(error) === "23503";

/**
 * Whether PostgreSQL refused the submitted values themselves — a data exception (class 22:
 * a character it cannot store, a value too long or malformed) or a not-null, foreign-key or
 * check violation — rather than failing. Such a request is answered 400, never 500, and
 * nothing is written (the statement failed whole).
 */
export function isRefusedValue(error: unknown): boolean {
  const code = sqlState(error);
  return code !== null && (code.startsWith("22") || ["23502", "23503", "23514"].includes(code));
}
