/**
 * CSV files staff download: UTF-8 with a byte-order mark (so Excel shows Arabic), CRLF rows,
 * quoted cells. A cell someone typed that starts like a formula (=, +, -, @) gets a leading
 * apostrophe, so a spreadsheet shows it instead of running it; a plain number stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows as CSV lines, each ending with CRLF (a streamed file writes them a batch at a time). */
export const csvLines = (rows: unknown[][]) =>
  rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");

/** The byte-order mark that opens every file (so Excel reads UTF-8). */
export const CSV_BOM = "\uFEFF";

export function toCsv(header: string[], rows: unknown[][]): string {
  return `${CSV_BOM}${csvLines([header, ...rows])}`;
}

/** The download answer of a CSV file named `fileName`, whole or streamed. */
export function csvResponse(fileName: string, csv: string | ReadableStream<Uint8Array>): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** A stream of the text `chunks` give, read one chunk at a time as the client takes them. */
export function textStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
