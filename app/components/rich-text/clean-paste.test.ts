// @vitest-environment jsdom
import { describe, expect, test } from "vitest";
import { GOOGLE_DOCS_PASTE } from "../../../tests/fixtures/google-docs-paste";
import { WORD_LIST_PASTE, WORD_PASTE } from "../../../tests/fixtures/word-paste";
import { cleanPastedHtml } from "./clean-paste";

/** The cleaned markup without the empty spans and comments the editor ignores anyway. */
const bare = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\/?(span|o:p)[^>]*>/g, "")
    .replace(/\s*\n\s*/g, "")
    .replace(/\u00a0/g, " ");

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

  test("Google Docs: only the bold words are bold, italics stay italic", () => {
    const clean = bare(cleanPastedHtml(GOOGLE_DOCS_PASTE));
    expect(clean).toBe(
      '<h2 dir="rtl">يوم في دار الرعاية</h2>' +
        '<p dir="rtl">زرنا دار <strong>الرعاية</strong><em> في الدمام</em></p>' +
        '<ul><li dir="rtl" aria-level="1"><p dir="rtl" role="presentation">قياس الضغط</p></li>' +
        '<li dir="rtl" aria-level="1"><p dir="rtl" role="presentation">جلسة قراءة</p></li></ul><br>',
    );
  });

  test("a bold or italic element marked normal by its style is not bold or italic", () => {
    expect(
      cleanPastedHtml(
        '<p><b style="font-weight: 400">عادي</b> <strong>غامق</strong> <i style="font-style:normal">قائم</i></p>',
      ),
    ).toBe("<p>عادي <strong>غامق</strong> قائم</p>");
  });

  test("Word's list paragraphs become lists, nested by level, without their typed bullets", () => {
    const clean = bare(cleanPastedHtml(WORD_LIST_PASTE));
    expect(clean).toBe(
      '<p dir="RTL">برنامج اليوم:</p>' +
        "<ul><li>قياس الضغط<ul><li>للرجال والنساء</li></ul></li>" +
        // Word's `mso-bidi-font-weight:normal` is not `font-weight:normal`: the word stays bold.
        "<li><b>جلسة قراءة</b></li></ul>" +
        '<p dir="RTL">الخطوات:</p>' +
        "<ol><li>التسجيل</li><li>الفحص</li></ol>",
    );
  });
});
