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
 * hover, focus and print rules never are (the full stylesheet brings them before anyone acts).
 * The stylesheet is parsed once; a document costs a scan of its class attributes.
 */

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

/** The classes on the elements of `html`. */
export function classesIn(html: string): Set<string> {
  const present = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE)) {
    const decoded = value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]);
    for (const name of decoded.split(/\s+/)) if (name) present.add(name);
  }
  return present;
}

/** For a stylesheet's text: a function that puts in a document the part of it the document uses. */
export function criticalCssInliner(stylesheet: string) {
  const pieces = piecesOf(postcss.parse(stylesheet));
  return (html: string) => {
    const headEnd = html.indexOf("</head>");
    if (headEnd < 0) return html;
    const css = cssFor(pieces, classesIn(html));
    return `${html.slice(0, headEnd)}<style>${css}</style>${html.slice(headEnd)}`;
  };
}

let inlineBuilt: ((html: string) => string) | undefined;

/** `html` with the built stylesheet's critical CSS inlined; unchanged if anything fails. */
export function inlineCriticalCss(html: string): string {
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
