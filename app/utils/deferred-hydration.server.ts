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
import type { DocumentEdits } from "~/utils/document-edits";
import { logger } from "~/utils/logger.server";

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
 * Moves the page's app scripts into a template and adds the script that brings them back. The
 * places are found in the document's one-character-per-byte text, so the pieces between them stay
 * the bytes they were (no UTF-8 decoding).
 */
export function deferHydration(document: DocumentEdits, page: LivePage): void {
  const { text, bytes } = document;
  const headEnd = text.indexOf("</head>");
  const bodyEnd = text.lastIndexOf("</body>");
  if (headEnd < 0 || bodyEnd < 0) return;
  const context = text.indexOf(ROUTER_CONTEXT, headEnd);
  const scriptsStart = text.lastIndexOf("<script", context);
  if (context < 0 || scriptsStart < headEnd) {
    reportScriptsNotFound();
    return;
  }
  const preloads: Uint8Array[] = [];
  // Only the head's: the search ends there, not at the end of a 70 KB page.
  for (const { index, 0: preload } of text.slice(0, headEnd).matchAll(MODULE_PRELOADS)) {
    document.replace(index, index + preload.length);
    preloads.push(bytes.subarray(index, index + preload.length));
  }
  document.insert(
    scriptsStart,
    `<template id="${HELD_APP_ID}" data-page="${escapeAttribute(JSON.stringify(page))}">`,
  );
  for (const preload of preloads) document.insert(scriptsStart, preload);
  document.insert(bodyEnd, `</template><script src="${READING_BOOT_PATH}" defer></script>`);
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
