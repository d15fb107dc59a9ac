import { expect } from "vitest";

/** Markup meant to run script, load things or escape the article. */
export const XSS_CORPUS = [
  `<script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="/uploads/posts/a.webp" alt="صورة" onload="alert(1)">`,
  `<a href="javascript:alert(1)">رابط</a>`,
  `<a href="JaVaScRiPt:alert(1)">رابط</a>`,
  `<a href="data:text/html,<script>alert(1)</script>">رابط</a>`,
  `<svg onload=alert(1)><circle/></svg>`,
  `<iframe src="https://evil.example"></iframe>`,
  `<p style="background:url(javascript:alert(1))" onclick="alert(1)">نص</p>`,
  `<div data-youtube-id="x" onmouseover="alert(1)"></div>`,
  `<div data-youtube-id="dQw4w9WgXcQ" style="position:fixed"></div>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
  `<form action="https://evil.example"><input name=x></form>`,
  `<object data="x"></object><embed src="x">`,
  `<p>"><script>alert(1)</script></p>`,
  `<base href="https://evil.example/"><meta http-equiv="refresh" content="0">`,
];

/** Nothing in `html` can run, load a frame, or carry a style or an event handler. */
export function expectHarmless(html: string) {
  expect(html).not.toMatch(/<\s*(script|iframe|svg|math|object|embed|form|input|style|base|meta)/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/javascript:|data:text/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
}

/** The elements and attributes the article allowlist keeps (app/utils/rich-text.server.ts). */
const ALLOWED_ELEMENTS = new Set(
  "p br h2 h3 strong em ul ol li blockquote a hr figure img figcaption div".split(" "),
);
const ALLOWED_ATTRIBUTES = new Set(["href", "rel", "src", "alt", "dir", "data-youtube-id"]);

/**
 * Read as a browser reads HTML, `fragment` holds only the allowlist's elements and attributes,
 * and its addresses are web, mail or phone ones: markup-looking text is text, not markup.
 */
export function expectOnlyAllowedMarkup(fragment: DocumentFragment) {
  for (const element of fragment.querySelectorAll("*")) {
    expect(ALLOWED_ELEMENTS).toContain(element.localName);
    for (const attribute of element.attributes) {
      expect(ALLOWED_ATTRIBUTES).toContain(attribute.name);
      if (attribute.name === "href" || attribute.name === "src") {
        expect(attribute.value).toMatch(/^(https?:\/\/|mailto:|tel:)/);
      }
    }
  }
}
