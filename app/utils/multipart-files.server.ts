/**
 * Reading a multipart form whose file may be larger than its field allows, without holding the
 * file (docs/decisions/070): the parts are passed on as they came, except a file part past
 * `maxFileBytes`, which is read to its end and dropped — its headers are kept with no content
 * and its size remembered, so the form is answered with its other fields and the file field's
 * own message. Only the boundaries are looked at here; the result is parsed as any form is.
 */

/** A file received over its field's limit: nothing of it is kept but its name, type and size. */
export class DroppedFile extends File {
  constructor(file: File, receivedBytes: number) {
    super([], file.name, { type: file.type });
    // What the field's schema checks (`file.size <= limit`): the size that was sent.
    Object.defineProperty(this, "size", { value: receivedBytes });
  }
}

export interface MultipartRead {
  /** The body to parse: every part, a dropped file's without its content. */
  body: Uint8Array<ArrayBuffer>;
  /** Index among the parts of each dropped file part → the bytes it carried. */
  dropped: Map<number, number>;
}

interface Part {
  isFile: boolean;
  chunks: Buffer[];
  bytes: number;
  over: boolean;
}

const HEADERS_END = Buffer.from("\r\n\r\n");
/** No part of ours has headers this long; more is not a form. */
const MAX_HEADERS_BYTES = 16 * 1024;

export class TooLarge extends Error {}
export class Malformed extends Error {}

/** The boundary of a `multipart/form-data` content type, or null. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * Reads `stream` as a multipart body with `boundary`. Throws `TooLarge` past `maxBytes` received
 * or `formBytes` kept, `Malformed` for headers without an end; a truncated body comes out
 * truncated (the parser then refuses it).
 */
export async function readMultipartDroppingFiles(
  stream: ReadableStream<Uint8Array>,
  boundary: string,
  {
    maxBytes,
    formBytes,
    maxFileBytes,
  }: { maxBytes: number; formBytes: number; maxFileBytes: number },
): Promise<MultipartRead> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let received = 0;
  const dropped = new Map<number, number>();
  let parts = 0;
  let part: Part | null = null;
  // Changed by consume(); typed wide so that checks after its calls are not narrowed away.
  let state = "body" as "body" | "headers" | "done";
  // The first boundary has no line break before it; one is added so that it matches like the
  // others, and left out again when kept.
  let pending = Buffer.from("\r\n");

  const keep = (bytes: Buffer) => {
    keptBytes += bytes.length;
    if (keptBytes > formBytes) throw new TooLarge();
    kept.push(bytes);
  };
  const content = (bytes: Buffer) => {
    if (!part || bytes.length === 0) return; // the preamble is ignored, as parsers do
    part.bytes += bytes.length;
    if (part.over) return;
    if (part.isFile && part.bytes > maxFileBytes) {
      part.over = true;
      part.chunks = [];
      return;
    }
    if (keptBytes + part.bytes > formBytes) throw new TooLarge();
    part.chunks.push(bytes);
  };
  const endPart = () => {
    if (!part) return;
    if (part.over) dropped.set(parts - 1, part.bytes);
    else for (const chunk of part.chunks) keep(chunk);
    part = null;
  };

  const consume = () => {
    for (;;) {
      if (state === "body") {
        const at = pending.indexOf(delimiter);
        if (at === -1) {
          const safe = pending.length - (delimiter.length - 1);
          if (safe > 0) {
            content(pending.subarray(0, safe));
            pending = pending.subarray(safe);
          }
          return;
        }
        content(pending.subarray(0, at));
        endPart();
        keep(kept.length === 0 ? delimiter.subarray(2) : delimiter);
        pending = pending.subarray(at + delimiter.length);
        state = "headers";
      }
      if (state === "headers") {
        if (pending.length < 2) return;
        if (pending[0] === 0x2d && pending[1] === 0x2d) {
          keep(Buffer.from("--\r\n"));
          state = "done";
          return;
        }
        const end = pending.indexOf(HEADERS_END);
        if (end === -1) {
          if (pending.length > MAX_HEADERS_BYTES) throw new Malformed();
          return;
        }
        const headers = pending.subarray(0, end + HEADERS_END.length);
        keep(headers);
        part = {
          isFile: /filename\*?=/i.test(headers.toString("latin1")),
          chunks: [],
          bytes: 0,
          over: false,
        };
        parts++;
        pending = pending.subarray(end + HEADERS_END.length);
        state = "body";
      }
      if (state === "done") return;
    }
  };

  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) throw new TooLarge();
      if (state === "done") continue; // the epilogue
      pending = Buffer.concat([pending, value]);
      consume();
    }
  } catch (error) {
    // Not cancelled: the server drains the rest, so the client reads the answer (decision 039).
    reader.releaseLock();
    throw error;
  }
  if (state !== "done") {
    // Truncated: what came is kept as it came, and the parser refuses it.
    if (state === "body") content(pending);
    else keep(pending);
    endPart();
  }
  const body = new Uint8Array(keptBytes);
  let offset = 0;
  for (const chunk of kept) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body, dropped };
}
