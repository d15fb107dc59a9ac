/**
 * The one way an action reads a submitted form. Whatever arrives — a wrong content type, a body
 * that is too large, truncated multipart, bytes that are not UTF-8, NUL characters that
 * PostgreSQL refuses — the answer is a 4xx with an Arabic message, never a 500 and never a row.
 * The errors are thrown as Responses, so the route's error screen shows the message.
 */

export const REQUEST_UNREADABLE = "تعذّرت قراءة البيانات المرسلة، أعد تحميل الصفحة وحاول مرة أخرى";
export const REQUEST_TOO_LARGE = "حجم البيانات المرسلة أكبر من المسموح";
export const REQUEST_TYPE_UNSUPPORTED = "صيغة البيانات المرسلة غير مدعومة";
export const REQUEST_INVALID_CHARACTERS = "تحتوي البيانات المرسلة على رموز غير مسموح بها";

/** A form of text fields: sign-in, settings, a post's text (its content field is the largest). */
export const FORM_MAX_BYTES = 256 * 1024;
/** An image form: the 5 MB image rule plus the form's other fields and multipart framing. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024 + 64 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Throws a plain-text Arabic answer with `status` (400, 413 or 415). */
export function refuseRequest(status: 400 | 413 | 415, message: string): never {
  throw new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
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
        await reader.cancel().catch(() => {});
        refuseRequest(413, REQUEST_TOO_LARGE);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
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

/** NUL (PostgreSQL refuses it) and U+FFFD (what undecodable bytes became). */
const hasForbiddenCharacter = (text: string) => text.includes("\u0000") || text.includes("\uFFFD");

/**
 * The submitted form, checked: a form content type (415), at most `maxBytes` (413), parseable,
 * and every text field valid UTF-8 without NUL characters (400).
 */
export async function readFormData(
  request: Request,
  { maxBytes = FORM_MAX_BYTES }: { maxBytes?: number } = {},
): Promise<FormData> {
  const type = mediaType(request);
  if (!FORM_TYPES.includes(type)) refuseRequest(415, REQUEST_TYPE_UNSUPPORTED);
  const bytes = await readBodyBytes(request, maxBytes);

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
  for (const [name, value] of formData) {
    if (hasForbiddenCharacter(name)) refuseRequest(400, REQUEST_INVALID_CHARACTERS);
    if (typeof value === "string" && hasForbiddenCharacter(value)) {
      refuseRequest(400, REQUEST_INVALID_CHARACTERS);
    }
  }
  return formData;
}
