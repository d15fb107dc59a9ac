import { convertOfficeStyles } from "./office-paste";

/** Elements whose content is never article text. */
const DROPPED =
  "script, style, iframe, object, embed, svg, math, form, input, button, select, textarea, link, meta, base, noscript, template, title";

/** Pasted images are kept only from our uploads or a secure address (the server keeps ours only). */
const KEPT_IMAGE = /^(\/uploads\/|https:\/\/)/;

/**
 * Pasted HTML (Word, Google Docs, web pages) made inert before the editor reads it: parsed in
 * a detached document (nothing loads or runs), stripped of scripts, frames and handlers; what
 * styles mean for us (Google Docs' bold and italic spans, Word's list paragraphs) is turned into
 * elements, then styles, classes and images from elsewhere go. The editor's schema then keeps
 * only its own set; the server sanitizes once more on save.
 */
export function cleanPastedHtml(html: string): string {
  // Handlers go before any parsing: even an inert document reports them to the page's CSP.
  const withoutHandlers = html.replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "");
  const document = new DOMParser().parseFromString(withoutHandlers, "text/html");
  for (const element of document.body.querySelectorAll(DROPPED)) element.remove();
  for (const image of document.body.querySelectorAll("img")) {
    if (!KEPT_IMAGE.test(image.getAttribute("src") ?? "")) image.remove();
  }
  convertOfficeStyles(document);
  for (const element of document.body.querySelectorAll("*")) {
    for (const { name } of [...element.attributes]) {
      if (name.startsWith("on") || name === "style" || name === "class")
        element.removeAttribute(name);
    }
  }
  // Headings outside H2/H3 (Word's Heading 1, a web page's h4…) keep being headings.
  return document.body.innerHTML
    .replace(/<(\/?)h1\b/gi, "<$1h2")
    .replace(/<(\/?)h[4-6]\b/gi, "<$1h3");
}
