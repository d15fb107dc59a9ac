import { expect } from "vitest";
import { loader as fileLoader, RANGE_NOT_SATISFIABLE } from "~/routes/resources/document-file";
import { requestAs } from "./accounts";
import { call } from "./route-calls";

/** GET `href` (a document's download) as a signed-out reader, with `headers`. */
export async function downloadDocument(href: string, headers: Record<string, string> = {}) {
  const [, , id, file] = href.split("/");
  const request = requestAs(null, href);
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return (await call(fileLoader as never, request, { id, file })) as Response;
}

const bytesOf = async (answer: Response) => new Uint8Array(await answer.arrayBuffer());

/**
 * A document's download whole and by ranges (issue 35, item 8): what a browser resuming a
 * download or a PDF viewer reading pages asks, on whichever Storage the test runs.
 */
export async function expectWholeAndRangeDownloads(href: string, bytes: Uint8Array) {
  const size = bytes.length;
  const whole = await downloadDocument(href);
  expect(whole.status).toBe(200);
  expect(whole.headers.get("accept-ranges")).toBe("bytes");
  expect(whole.headers.get("content-length")).toBe(String(size));
  expect(await bytesOf(whole)).toEqual(bytes);

  const first = await downloadDocument(href, { Range: "bytes=0-99" });
  expect(first.status).toBe(206);
  expect(first.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
  expect(first.headers.get("content-length")).toBe("100");
  expect(first.headers.get("content-type")).toBe("application/pdf");
  expect(await bytesOf(first)).toEqual(bytes.slice(0, 100));

  const rest = await downloadDocument(href, { Range: "bytes=100-" });
  expect(rest.status).toBe(206);
  expect(rest.headers.get("content-range")).toBe(`bytes 100-${size - 1}/${size}`);
  expect(await bytesOf(rest)).toEqual(bytes.slice(100));

  const last = await downloadDocument(href, { Range: "bytes=-50" });
  expect(last.status).toBe(206);
  expect(await bytesOf(last)).toEqual(bytes.slice(size - 50));

  const past = await downloadDocument(href, { Range: `bytes=${size}-` });
  expect(past.status).toBe(416);
  expect(past.headers.get("content-range")).toBe(`bytes */${size}`);
  expect(await past.text()).toBe(RANGE_NOT_SATISFIABLE);

  // A range the RFC lets a server ignore, or one of another version: the whole file.
  const ignored: Record<string, string>[] = [
    { Range: "bytes=50-10" },
    { Range: "bytes=0-1,5-6" },
    { Range: "bytes=0-99", "If-Range": '"another-version"' },
  ];
  for (const headers of ignored) {
    const answer = await downloadDocument(href, headers);
    expect(answer.status, JSON.stringify(headers)).toBe(200);
    expect(await bytesOf(answer)).toEqual(bytes);
  }
  const sameVersion = await downloadDocument(href, {
    Range: "bytes=0-9",
    "If-Range": whole.headers.get("etag") ?? "",
  });
  expect(sameVersion.status).toBe(206);
}
