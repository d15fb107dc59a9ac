import { describe, expect, test } from "vitest";
import { DomainError } from "~/shared/domain-errors";
import {
  hasForbiddenCharacter,
  REQUEST_INVALID_CHARACTERS,
  REQUEST_TOO_LARGE,
  REQUEST_TOO_MANY_FIELDS,
  REQUEST_TYPE_UNSUPPORTED,
  REQUEST_UNREADABLE,
  readFormData,
} from "./form-data.server";

const URL = "http://localhost:3000/admin/dashboard/videos/new";
const URLENCODED = "application/x-www-form-urlencoded";

function post(body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}) {
  return new Request(URL, {
    method: "POST",
    headers: { ...(contentType ? { "content-type": contentType } : {}), ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

/** A body sent in chunks without a Content-Length, as a chunked upload arrives. */
function streamed(chunks: Uint8Array[]) {
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  return post(body, URLENCODED);
}

/** What readFormData refused with: the status and the Arabic text a person sees. */
async function refusal(request: Request) {
  try {
    await readFormData(request);
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, text: error.message };
    throw error;
  }
  throw new Error("the form was accepted");
}

describe("readFormData", () => {
  test("reads URL-encoded and multipart forms, Arabic, line breaks and files included", async () => {
    const text = "السطر الأول\r\nالسطر الثاني\tبعد مسافة";
    const encoded = await readFormData(post(new URLSearchParams({ title: text }), URLENCODED));
    expect(encoded.get("title")).toBe(text);

    const form = new FormData();
    form.append("title", "رحلة إلى الأحساء");
    form.append("image", new File([new Uint8Array([0, 255, 0])], "a.png", { type: "image/png" }));
    const multipart = await readFormData(new Request(URL, { method: "POST", body: form }));
    expect(multipart.get("title")).toBe("رحلة إلى الأحساء");
    expect((multipart.get("image") as File).size).toBe(3);
  });

  test("a body that is not a form is 415, with the Arabic message", async () => {
    for (const type of ["application/json", "text/plain", undefined]) {
      expect(await refusal(post('{"title":"x"}', type))).toEqual({
        status: 415,
        text: REQUEST_TYPE_UNSUPPORTED,
      });
    }
  });

  test("a body over the cap is 413, by its declared length or by counting", async () => {
    const declared = post("a=1", URLENCODED, { "content-length": String(100 * 1024 * 1024) });
    expect(await refusal(declared)).toEqual({ status: 413, text: REQUEST_TOO_LARGE });

    const chunk = new TextEncoder().encode(`a=${"x".repeat(64 * 1024)}&`);
    const chunks = Array.from({ length: 5 }, () => chunk);
    expect(await refusal(streamed(chunks))).toEqual({ status: 413, text: REQUEST_TOO_LARGE });

    const small = await readFormData(streamed([new TextEncoder().encode("a=1")]));
    expect(small.get("a")).toBe("1");
  });

  test("bytes that are not UTF-8, raw or percent-escaped, are 400", async () => {
    const raw = post(new Uint8Array([0x61, 0x3d, 0xff, 0xfe]), URLENCODED);
    expect(await refusal(raw)).toEqual({ status: 400, text: REQUEST_UNREADABLE });
    const escaped = post("title=%FF%FE", URLENCODED);
    expect(await refusal(escaped)).toEqual({ status: 400, text: REQUEST_INVALID_CHARACTERS });

    const boundary = "----rifq";
    const multipart = new Request(URL, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n`),
        Buffer.from([0xc3, 0x28]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(await refusal(multipart)).toEqual({ status: 400, text: REQUEST_INVALID_CHARACTERS });
  });

  test("NUL and other control characters, in names or values, are 400", async () => {
    for (const body of [
      "title=a%00b",
      "ti%00tle=a",
      "title=%01",
      "title=%1B%5B31m",
      "t=%EF%BF%BE",
    ]) {
      expect(await refusal(post(body, URLENCODED))).toEqual({
        status: 400,
        text: REQUEST_INVALID_CHARACTERS,
      });
    }
  });

  test("truncated or boundary-less multipart is 400", async () => {
    const boundary = "----rifq";
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nنص`;
    expect(await refusal(post(truncated, `multipart/form-data; boundary=${boundary}`))).toEqual({
      status: 400,
      text: REQUEST_UNREADABLE,
    });
    expect(await refusal(post("title=x", "multipart/form-data"))).toEqual({
      status: 400,
      text: REQUEST_UNREADABLE,
    });
  });

  test("more than 200 fields is 400; a field sent twice is read as sent", async () => {
    const many = Array.from({ length: 201 }, (_, index) => `f${index}=1`).join("&");
    expect(await refusal(post(many, URLENCODED))).toEqual({
      status: 400,
      text: REQUEST_TOO_MANY_FIELDS,
    });
    const twice = await readFormData(post("title=a&title=b", URLENCODED));
    expect(twice.getAll("title")).toEqual(["a", "b"]);
  });
});

describe("hasForbiddenCharacter", () => {
  test("refuses what PostgreSQL or XML cannot carry, keeps text, emoji and line breaks", () => {
    for (const text of ["\u0000", "a\u0007", "\uFFFE", "\uFFFF", "\uFFFD", "\uD800", "x\uDC00y"]) {
      expect(hasForbiddenCharacter(text)).toBe(true);
    }
    for (const text of ["رِفق", "سطر\nسطر\r\n\tمسافة", "😀 👵🏽", "\u200F\u200E", "\u007F"]) {
      expect(hasForbiddenCharacter(text)).toBe(false);
    }
  });
});
