/**
 * A signed-out reader's page is whole without script: links navigate, forms post, menus are
 * `<details>`, and the page cache answers a full page in a few KB. So its React app (framework,
 * routes, ~120 KB) does not load with it. The server moves the app's scripts — what React
 * Router's `<Scripts>` writes at the end of `<body>`, and the module preloads React hoists into
 * `<head>` — into an inert `<template>`; public/reading-boot.js (1 KB, cached) puts them back where
 * they were, so hydration meets the very DOM it rendered, when the page first needs the app: the
 * reader touches, focuses or types into a control, or a live change concerns the page
 * (docs/decisions/033-reading-pages-without-the-app.md).
 */

/** A document's bytes. */
type Bytes = Buffer<ArrayBuffer>;

export interface ReadingPage {
  /** The page path its own texts are stored under (toPagePath of the URL). */
  pagePath: string;
  /** The layout's texts' path. */
  sharedPath: string;
  /** The lists (tables) the page's routes show (route handles' `liveLists`). */
  lists: string[];
}

/** Where React Router's scripts at the end of <body> begin: the router's context. */
const ROUTER_CONTEXT = "window.__reactRouterContext = ";
/** The app's module preloads, which React puts in <head>. */
const MODULE_PRELOADS = /<link rel="modulepreload"[^>]*>/g;

/**
 * The page's app scripts moved into a template, and the script that brings them back. The
 * document (its bytes) is searched one character per byte, so finding the places costs no UTF-8
 * decoding and the pieces between them are copied as they are.
 */
export function deferHydration(html: Bytes, page: ReadingPage): Bytes {
  const text = html.toString("latin1");
  const headEnd = text.indexOf("</head>");
  const bodyEnd = text.lastIndexOf("</body>");
  const context = text.indexOf(ROUTER_CONTEXT, headEnd);
  const scriptsStart = text.lastIndexOf("<script", context);
  if (headEnd < 0 || bodyEnd < 0 || context < 0 || scriptsStart < headEnd) return html;
  const head = text.slice(0, headEnd);
  const preloads = head.match(MODULE_PRELOADS) ?? [];
  return Buffer.concat([
    Buffer.from(head.replace(MODULE_PRELOADS, ""), "latin1"),
    html.subarray(headEnd, scriptsStart),
    Buffer.from(`<template id="rifq-app" data-page="${escapeAttribute(JSON.stringify(page))}">`),
    Buffer.from(preloads.join(""), "latin1"),
    html.subarray(scriptsStart, bodyEnd),
    Buffer.from('</template><script src="/reading-boot.js" defer></script>'),
    html.subarray(bodyEnd),
  ]);
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
