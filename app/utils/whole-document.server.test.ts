import { expect, test } from "vitest";
import { finalBody, wholeDocument } from "./whole-document.server";

test("a document written in pieces is given back whole once it ends, Arabic and all", async () => {
  const { sink, document } = wholeDocument();
  const page = Buffer.from("<html><body><h1>جمعية رفق لرعاية كبار السن</h1></body></html>");
  // As React writes: views of its own buffers, a multi-byte letter split between two of them.
  for (const [start, end] of [
    [0, 20],
    [20, 31],
    [31, page.length],
  ])
    sink.write(new Uint8Array(page.buffer, page.byteOffset + start, end - start));
  let whole = false;
  document.then(() => {
    whole = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(whole).toBe(false);
  sink.end();
  expect((await document).toString("utf8")).toBe(page.toString("utf8"));
});

test("a render that fails fails the document", async () => {
  const { sink, document } = wholeDocument();
  sink.on("error", () => {}); // React listens, as any piping source does
  sink.destroy(new Error("render failed"));
  await expect(document).rejects.toThrow("render failed");
});

test("a final body is the very bytes, not a copy", async () => {
  const bytes = Buffer.from("<p>رفق</p>");
  const reader = new Response(finalBody(bytes)).body?.getReader();
  const first = await reader?.read();
  expect(first?.value?.buffer).toBe(bytes.buffer);
  expect(Buffer.from(first?.value ?? []).toString("utf8")).toBe("<p>رفق</p>");
  expect((await reader?.read())?.done).toBe(true);
});
