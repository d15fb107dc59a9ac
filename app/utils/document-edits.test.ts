import { describe, expect, test } from "vitest";
import { DocumentEdits } from "./document-edits";

const page = "<html><head><title>رفق</title></head><body><p>نص عربي</p></body></html>";

describe("a document's edits", () => {
  test("reads the bytes one character per byte, so offsets are the bytes'", () => {
    const document = new DocumentEdits(Buffer.from(page));
    const at = document.text.indexOf("</head>");
    expect(
      Buffer.from(page)
        .subarray(at, at + 7)
        .toString(),
    ).toBe("</head>");
  });

  test("makes replacements and insertions in one copy, keeping the other bytes as they were", () => {
    const document = new DocumentEdits(Buffer.from(page));
    const headEnd = document.text.indexOf("</head>");
    const title = document.text.indexOf("<title>");
    document.insert(headEnd, "<style>p{}</style>");
    document.replace(title, headEnd, "<title>رفق — الأخبار</title>");
    document.insert(document.text.indexOf("</body>"), Buffer.from("<script></script>"));
    expect(document.result().toString("utf8")).toBe(
      "<html><head><title>رفق — الأخبار</title><style>p{}</style></head><body><p>نص عربي</p><script></script></body></html>",
    );
  });

  test("keeps the order in which things were put at one place", () => {
    const document = new DocumentEdits(Buffer.from("<a></a>"));
    document.insert(3, "1");
    document.insert(3, "2");
    document.insert(0, "0");
    expect(document.result().toString()).toBe("0<a>12</a>");
  });

  test("without edits is the very bytes it came with; overlapping edits are a mistake", () => {
    const bytes = Buffer.from(page);
    expect(new DocumentEdits(bytes).result()).toBe(bytes);
    const document = new DocumentEdits(bytes);
    document.replace(0, 10);
    document.replace(5, 12);
    expect(() => document.result()).toThrow(/overlapping/);
  });
});
