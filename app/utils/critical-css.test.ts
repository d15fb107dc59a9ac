import { describe, expect, test } from "vitest";
import { classesIn, criticalCssInliner, laterStylesheet } from "./critical-css";
import { DocumentEdits } from "./document-edits";

/** `html` with what `inliner` puts in it. */
function inlined(inliner: ReturnType<typeof criticalCssInliner>, html: string) {
  const document = new DocumentEdits(Buffer.from(html));
  inliner(document);
  return document.result().toString("utf8");
}

const STYLESHEET = [
  "@layer theme,base,utilities;",
  "@font-face{font-family:Plex;src:url(/a.woff2)}",
  '@property --tw-x{syntax:"*";inherits:false}',
  "@layer base{h1,h2{font-weight:700}}",
  "@layer utilities{.flex{display:flex}.hidden{display:none}",
  "@media (width>=48rem){.md\\:flex-row{flex-direction:row}}",
  "@media (hover:hover){.hover\\:bg-primary:hover{background:teal}.hover\\:underline:hover{text-decoration:underline}}",
  ".\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}",
  "a,.link{color:teal}.card .title{margin:0}}",
  "@keyframes spin{to{rotate:360deg}}",
  "@media print{.flex{display:block}}",
  "@layer properties{@supports ((-webkit-hyphens:none)){*,:before,:after{--tw-x:0}}}",
].join("");

const page = (body: string) =>
  `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`;

describe("critical CSS", () => {
  const inliner = criticalCssInliner(STYLESHEET);
  const inline = (html: string) => inlined(inliner, html);

  test("keeps the rules whose classes the document uses, with their at-rules", () => {
    const html = inline(
      page('<div class="flex md:flex-row hover:bg-primary [&amp;&gt;svg]:size-4">x</div>'),
    );
    const css = html.match(/<style>(.*)<\/style><\/head>/)?.[1] ?? "";
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain("@media (width>=48rem){.md\\:flex-row{flex-direction:row}}");
    expect(css).not.toContain(":hover");
    expect(css).toContain(".\\[\\&\\>svg\\]\\:size-4>svg{");
    expect(css).not.toContain(".hidden");
    expect(css).not.toContain("@media print");
    expect(css).not.toContain("@layer properties");
    expect(css).not.toContain("--tw-x:0");
    expect(css).not.toContain("underline");
    expect(css).not.toContain(".card .title");
  });

  test("always keeps rules without classes: fonts, base styles, keyframes, mixed lists", () => {
    const css = inline(page("<p>نص</p>"));
    expect(css).toContain(
      '@layer theme,base,utilities;@font-face{font-family:Plex;src:url(/a.woff2)}@property --tw-x{syntax:"*";inherits:false}',
    );
    expect(css).toContain("h1,h2{font-weight:700}");
    expect(css).toContain("a,.link{color:teal}");
    expect(css).toContain("@keyframes spin");
  });

  test("keeps a descendant rule only when all its classes are there", () => {
    expect(inline(page('<div class="card"><h2 class="title">x</h2></div>'))).toContain(
      ".card .title{margin:0}",
    );
  });

  test("reads class attributes with their HTML entities decoded", () => {
    expect([...classesIn('<a class="a [&amp;&gt;svg]:x  b">')]).toEqual(["a", "[&>svg]:x", "b"]);
  });

  test("keeps the document's other bytes as they were, Arabic and all", () => {
    const body = '<h1 class="flex">مرحباً بكم — رفق</h1><p class="hidden">نص</p>';
    const html = inline(page(body));
    expect(html).toContain(`<body>${body}</body>`);
    expect(html).toContain("<title>t</title><style>");
    // The same class lists again: the same CSS, from what was kept.
    expect(inline(page(body))).toBe(html);
    expect(inline(page('<p class="flex">x</p>'))).not.toContain(".hidden{");
  });

  test("reads a class that is not ASCII as the text it is", () => {
    const inlineArabic = criticalCssInliner(".نشط{color:teal}.flex{display:flex}");
    const html = inlined(inlineArabic, page('<p class="نشط">x</p>'));
    expect(html).toContain("<style>.نشط{color:teal}</style>");
  });

  test("leaves a document without a head as it was", () => {
    expect(inline("<p class='flex'>x</p>")).toBe("<p class='flex'>x</p>");
  });
});

describe("the later stylesheet", () => {
  const later = laterStylesheet(STYLESHEET);

  test("leaves out what every document has inline: fonts, variables, base styles, keyframes", () => {
    expect(later).not.toContain("@font-face");
    expect(later).not.toContain("@property");
    expect(later).not.toContain("@keyframes");
    expect(later).not.toContain("@layer theme,base,utilities;");
    expect(later).not.toContain("h1,h2");
    expect(later).not.toContain("a,.link");
    expect(later).not.toContain("@layer base");
  });

  test("keeps the rules for classes, interaction states, print and old browsers' defaults", () => {
    expect(later).toContain("@layer utilities{.flex{display:flex}.hidden{display:none}");
    expect(later).toContain("@media (width>=48rem){.md\\:flex-row{flex-direction:row}}");
    expect(later).toContain(".hover\\:bg-primary:hover{background:teal}");
    expect(later).toContain(".card .title{margin:0}");
    expect(later).toContain("@media print{.flex{display:block}}");
    expect(later).toContain("--tw-x:0");
  });

  test("with the inline CSS of a page that uses every class, is the whole stylesheet's rules", () => {
    const everyClass = '<p class="flex hidden md:flex-row card title link [&amp;&gt;svg]:size-4">';
    const inline = inlined(criticalCssInliner(STYLESHEET), page(everyClass));
    const inlineCss = inline.match(/<style>(.*)<\/style>/)?.[1] ?? "";
    const rulesOf = (css: string) => css.match(/[^{};]+\{[^{}]*\}/g) ?? [];
    const both = new Set([...rulesOf(inlineCss), ...rulesOf(later)]);
    for (const rule of rulesOf(STYLESHEET)) expect(both).toContain(rule);
  });
});
