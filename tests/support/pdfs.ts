import { PDFDocument, StandardFonts } from "pdf-lib";

/** The bytes of a real PDF with `pages` pages of text, made in the test (a real report's shape). */
export async function pdfBytes(text = "Annual report 2025", pages = 1): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    document.addPage([595, 842]).drawText(`${text} - page ${index + 1}`, { x: 50, y: 780, font });
  }
  return document.save();
}

/** A real PDF as a browser would upload it. */
export async function pdfFile(name = "report.pdf", text?: string) {
  return new File([new Uint8Array(await pdfBytes(text))], name, { type: "application/pdf" });
}

/** A text file renamed to .pdf: the browser declares it a PDF by its name. */
export const renamedTextFile = () =>
  new File(["هذا ملف نصي وليس تقريراً\n"], "report.pdf", { type: "application/pdf" });

/** A real PDF cut off at half its length (a broken download, an interrupted export). */
export async function truncatedPdfFile(name = "broken.pdf") {
  const bytes = await pdfBytes("Truncated report");
  return new File([bytes.slice(0, Math.floor(bytes.length / 2))], name, {
    type: "application/pdf",
  });
}

/**
 * A real PDF of about `size` bytes (never more): one page of text and an unused stream of random
 * bytes, which no compression shrinks.
 */
export async function pdfOfSize(size: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText("Annual report, scanned", { x: 50, y: 780, font });
  const bare = (await document.save({ useObjectStreams: false })).length;
  const padding = new Uint8Array(size - bare - 1024);
  for (let at = 0; at < padding.length; at += 65536) {
    crypto.getRandomValues(padding.subarray(at, Math.min(at + 65536, padding.length)));
  }
  document.context.register(document.context.stream(padding));
  return document.save({ useObjectStreams: false });
}
