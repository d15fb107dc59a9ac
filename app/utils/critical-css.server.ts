import { readFileSync } from "node:fs";
import path from "node:path";
import postcss, { type ChildNode, type Container } from "postcss";
import appCssHref from "~/app.css?url";
import { logger } from "./logger.server";

/**
 * The rules of the site's stylesheet that a document uses, inlined in a <style> at the end of its
 * <head>, so a signed-out visitor's first screen paints from the HTML alone; the whole stylesheet
 * is linked at the end of <body> (app/root.tsx) and does not hold that paint up
 * (docs/decisions/025). A rule is kept when, for one of its selectors, every class it names is on
 * some element of the document (Tailwind's rules are flat; an at-rule is kept with what it keeps);
 * rules without classes (base styles, variables, @font-face, @property, @keyframes) always are;
 * hover, focus and print rules never are (the full stylesheet brings them before anyone acts), nor
 * Tailwind's fallback for browsers without @property (`@layer properties`).
 * The stylesheet is parsed once; a document costs a scan of its class attributes (and the CSS
 * for a list of them is kept, as a page's list seldom changes).
 */

/** A document's bytes. */
type Bytes = Buffer<ArrayBuffer>;

interface CssPiece {
  /** For each selector of the rule's list, the classes it names; kept when one is satisfied. */
  selectors: string[][];
  css: string;
}
type Piece = CssPiece | { open: string; children: Piece[] };

/** States a first paint never shows: their rules come with the full stylesheet. */
const INTERACTION = /:(hover|focus|focus-visible|focus-within|active)\b/;
const CLASS_IN_SELECTOR = /\.((?:\\.|[\w-])+)/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
};

const unescapeClass = (escaped: string) => escaped.replace(/\\(.)/g, "$1");

function piecesOf(container: Container): Piece[] {
  const pieces: Piece[] = [];
  container.each((node: ChildNode) => {
    if (node.type === "rule") {
      const selectors = node.selectors
        .filter((selector) => !INTERACTION.test(selector))
        .map((selector) =>
          [...selector.matchAll(CLASS_IN_SELECTOR)].map((m) => unescapeClass(m[1])),
        );
      pieces.push({ selectors, css: node.toString() });
    } else if (node.type === "atrule" && node.name === "media" && node.params === "print") {
      // Not for the screen's first paint: it comes with the full stylesheet.
    } else if (node.type === "atrule" && node.name === "layer" && node.params === "properties") {
      // Tailwind's defaults of its variables for browsers without @property (Safari < 16.4,
      // Firefox < 128): ~400 bytes of every first visit that today's browsers skip. An older one
      // draws the first screen without shadows and rings until the full stylesheet brings them.
    } else if (
      node.type === "atrule" &&
      !/keyframes$/.test(node.name) &&
      node.nodes?.some((child) => child.type === "rule" || child.type === "atrule")
    ) {
      pieces.push({ open: `@${node.name} ${node.params}`.trim(), children: piecesOf(node) });
    } else if (node.type === "atrule" && !node.nodes) {
      // A statement such as `@layer theme, base;`: its semicolon belongs to the parent's text.
      pieces.push({ selectors: [[]], css: `${node.toString()};` });
    } else if (node.type === "decl") {
      pieces.push({ selectors: [[]], css: `${node.toString()};` });
    } else if (node.type !== "comment") {
      pieces.push({ selectors: [[]], css: node.toString() });
    }
  });
  return pieces;
}

function cssFor(pieces: Piece[], present: Set<string>): string {
  let css = "";
  for (const piece of pieces) {
    if ("open" in piece) {
      const inner = cssFor(piece.children, present);
      if (inner) css += `${piece.open}{${inner}}`;
    } else if (piece.selectors.some((classes) => classes.every((name) => present.has(name)))) {
      css += piece.css;
    }
  }
  return css;
}

/** The values of a document's class attributes, their HTML entities still encoded. */
function classAttributes(html: string): string[] {
  const values: string[] = [];
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE)) values.push(value);
  return values;
}

/** The classes that class attribute values name. */
function classesOf(values: string[]): Set<string> {
  const present = new Set<string>();
  for (const value of values) {
    const decoded = value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]);
    for (const name of decoded.split(/\s+/)) if (name) present.add(name);
  }
  return present;
}

/** The classes on the elements of `html`. */
export function classesIn(html: string): Set<string> {
  return classesOf(classAttributes(html));
}

/** A value read from bytes one character per byte, as the UTF-8 text it is. */
const fromBytes = (value: string) =>
  /[\x80-\xff]/.test(value) ? Buffer.from(value, "latin1").toString("utf8") : value;

/** Class lists whose critical CSS is kept: a page's seldom change between its renders. */
const KEPT_CLASS_LISTS = 200;

/**
 * For a stylesheet's text: a function that puts in a document (its bytes) the part of the
 * stylesheet the document uses. The document is read one character per byte: searching that
 * costs no UTF-8 decoding, and its offsets are the bytes' (class names are ASCII but for
 * the odd arbitrary value, decoded when met).
 */
export function criticalCssInliner(stylesheet: string) {
  const pieces = piecesOf(postcss.parse(stylesheet));
  /** The <style> element for a document's class attributes, as they came. */
  const kept = new Map<string, Bytes>();
  return (html: Bytes): Bytes => {
    const text = html.toString("latin1");
    const headEnd = text.indexOf("</head>");
    if (headEnd < 0) return html;
    const values = classAttributes(text);
    const key = values.join(" ");
    let style = kept.get(key);
    if (!style) {
      const css = cssFor(pieces, classesOf(values.map(fromBytes)));
      style = Buffer.from(`<style>${css}</style>`);
      if (kept.size >= KEPT_CLASS_LISTS) kept.delete(kept.keys().next().value as string);
      kept.set(key, style);
    }
    return Buffer.concat([html.subarray(0, headEnd), style, html.subarray(headEnd)]);
  };
}

let inlineBuilt: ((html: Bytes) => Bytes) | undefined;

/** `html` with the built stylesheet's critical CSS inlined; unchanged if anything fails. */
export function inlineCriticalCss(html: Bytes): Bytes {
  try {
    inlineBuilt ??= criticalCssInliner(
      readFileSync(
        path.resolve(process.env.BUILD_DIR ?? "build", "client", appCssHref.slice(1)),
        "utf8",
      ),
    );
    return inlineBuilt(html);
  } catch (error) {
    logger.warn({ err: error }, "critical CSS could not be inlined");
    return html;
  }
}
