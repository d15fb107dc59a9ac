/** Bytes `start`…`end` of a file, both included (as `Content-Range` says them). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range a `Range: bytes=…` header asks of a file of `size` bytes (RFC 9110 §14):
 * null to send the whole file (no header, several ranges, or one not understood, which the
 * RFC lets a server ignore), "unsatisfiable" for a 416 (it starts past the end).
 */
export function byteRangeOf(
  header: string | null,
  size: number,
): ByteRange | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (!match[1] && !match[2])) return null;
  const [, first, last] = match;
  if (!first) {
    const suffix = Number(last);
    return suffix === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  const end = last ? Math.min(Number(last), size - 1) : size - 1;
  return end < start ? null : { start, end };
}
