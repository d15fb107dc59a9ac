// @vitest-environment jsdom
import { describe, expect, test } from "vitest";
import { WORD_PASTE } from "../../../tests/fixtures/word-paste";
import { cleanPastedHtml } from "./clean-paste";

describe("cleanPastedHtml", () => {
  test("drops scripts, handlers, styles, classes and images from elsewhere", () => {
    const clean = cleanPastedHtml(
      `<p class="x" style="color:red" onclick='alert(1)'>نص</p><img src=x onerror=alert(1)>` +
        `<img src="/uploads/posts/a.webp" alt="صورة"><script>alert(1)</script><iframe src="https://a"></iframe>`,
    );
    expect(clean).toBe('<p>نص</p><img src="/uploads/posts/a.webp" alt="صورة">');
  });

  test("Word's headings stay headings the editor knows", () => {
    const clean = cleanPastedHtml(WORD_PASTE);
    expect(clean).toContain("<h2");
    expect(clean).not.toMatch(/<h1|style=|class=|<style/);
  });
});
