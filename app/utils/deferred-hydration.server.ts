/**
 * A signed-out reader's page is whole without script: links navigate, forms post, menus are
 * `<details>`, and the page cache answers a full page in a few KB. So its React app (framework,
 * routes, ~120 KB) does not load with it. The server moves the app's scripts — what React
 * Router's `<Scripts>` writes at the end of `<body>`, and the module preloads React hoists into
 * `<head>` — into an inert `<template>`; the reading boot (app/reading-boot, ~1 KB) puts them back where
 * they were, so hydration meets the very DOM it rendered, when the page first needs the app: the
 * reader touches, focuses or types into a control, or a live change concerns the page
 * (docs/decisions/033-reading-pages-without-the-app.md).
 */

import type { LivePage } from "~/shared/live-event";
import { HELD_APP_ID, READING_BOOT_PATH } from "~/shared/paths";
import { logger } from "~/utils/logger.server";

/** A document's bytes. */
type Bytes = Buffer<ArrayBuffer>;

/**
 * Where React Router's scripts at the end of <body> begin: the router's context, as its
 * `<Scripts>` writes it. This is React Router's inner detail, not its API: an upgrade that
 * writes it otherwise leaves every page with its whole app. It is logged as an error here, and
 * tests/e2e/budget.e2e.ts checks the built server's real pages (docs/decisions/033).
 */
export const ROUTER_CONTEXT = "window.__reactRouterContext = ";
/** The app's module preloads, which React puts in <head>. */
const MODULE_PRELOADS = /<link rel="modulepreload"[^>]*>/g;

/**
 * The page's app scripts moved into a template, and the script that brings them back. The
 * document (its bytes) is searched one character per byte, so finding the places costs no UTF-8
 * decoding and the pieces between them are copied as they are.
 */
export function deferHydration(html: Bytes, page: LivePage): Bytes {
  const text = html.toString("latin1");
  const headEnd = text.indexOf("</head>");
  const bodyEnd = text.lastIndexOf("</body>");
  if (headEnd < 0 || bodyEnd < 0) return html;
  const context = text.indexOf(ROUTER_CONTEXT, headEnd);
  const scriptsStart = text.lastIndexOf("<script", context);
  if (context < 0 || scriptsStart < headEnd) {
    reportScriptsNotFound();
    return html;
  }
  const head = text.slice(0, headEnd);
  const preloads = head.match(MODULE_PRELOADS) ?? [];
  return Buffer.concat([
    Buffer.from(head.replace(MODULE_PRELOADS, ""), "latin1"),
    html.subarray(headEnd, scriptsStart),
    Buffer.from(
      `<template id="${HELD_APP_ID}" data-page="${escapeAttribute(JSON.stringify(page))}">`,
    ),
    Buffer.from(preloads.join(""), "latin1"),
    html.subarray(scriptsStart, bodyEnd),
    Buffer.from(`</template><script src="${READING_BOOT_PATH}" defer></script>`),
    html.subarray(bodyEnd),
  ]);
}

let reported = false;
/** Once per process: every reader's page would say the same. */
function reportScriptsNotFound() {
  if (reported) return;
  reported = true;
  logger.error(
    { marker: ROUTER_CONTEXT },
    "a reader's page was sent with its whole app: React Router's scripts were not found (docs/decisions/033)",
  );
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
