/** What reading a file as a PDF found. */
export type PdfCheck = "pdf" | "not-pdf" | "broken";

const MAGIC = "%PDF-";
/** A PDF ends with `%%EOF` (and perhaps a line break); a cut-off file does not. */
const END_MARKER = "%%EOF";
const TAIL_BYTES = 1024;

const ascii = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

/**
 * Whether `bytes` are a PDF that opens: the `%PDF-` signature at the start (else "not-pdf":
 * a renamed text or image file), then the end marker, a full parse by pdf-lib and at least one
 * page (else "broken": a truncated or damaged file). The bytes are only read, never changed.
 */
export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  if (ascii(bytes.subarray(0, MAGIC.length)) !== MAGIC) return "not-pdf";
  if (!ascii(bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES))).includes(END_MARKER)) {
    return "broken";
  }
  try {
    // Loaded when the first PDF is checked, not at start (decision 059).
    const { PDFDocument } = await import("pdf-lib");
    const document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
    return document.getPageCount() > 0 ? "pdf" : "broken";
  } catch {
    return "broken";
  }
}
