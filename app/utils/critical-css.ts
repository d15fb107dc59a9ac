import postcss, { type ChildNode, type Container, type Rule } from "postcss";
import type { DocumentEdits } from "./document-edits";

/**
 * The rules of the site's stylesheet that a document uses, inlined in a <style> at the end of its
 * <head>, so a signed-out visitor's first screen paints from the HTML alone; the rest of the
 * stylesheet (`laterStylesheet`) is linked at the end of <body> (app/root.tsx) and does not hold
 * that paint up (docs/decisions/025). A rule is kept when, for one of its selectors, every class it names is on
 * some element of the document (Tailwind's rules are flat; an at-rule is kept with what it keeps);
 * rules without classes (base styles, variables, @font-face, @property, @keyframes) always are;
 * hover, focus and print rules never are (the later stylesheet brings them before anyone acts), nor
 * Tailwind's fallback for browsers without @property (`@layer properties`).
 * The stylesheet is parsed once; a document costs a scan of its class attributes (and the CSS
 * for a list of them is kept, as a page's list seldom changes).
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

/** How the inliner treats a node of the stylesheet. */
type Role = "rule" | "nested" | "never" | "always";

function roleOf(node: ChildNode): Role {
  if (node.type === "rule") return "rule";
  if (node.type === "comment") return "never";
  if (node.type === "atrule") {
    // Print rules are not for the screen's first paint: they come with the later stylesheet.
    if (node.name === "media" && node.params === "print") return "never";
    // Tailwind's defaults of its variables for browsers without @property (Safari < 16.4,
    // Firefox < 128): ~400 bytes of every first visit that today's browsers skip. An older one
    // draws the first screen without shadows and rings until the later stylesheet brings them.
    if (node.name === "layer" && node.params === "properties") return "never";
    if (
      !/keyframes$/.test(node.name) &&
      node.nodes?.some((child) => child.type === "rule" || child.type === "atrule")
    )
      return "nested";
  }
  // @font-face, @property, @keyframes, statements such as `@layer theme, base;`, declarations.
  return "always";
}

/** For each selector of a rule's list but those of interaction states, the classes it names. */
const classesBySelector = (rule: Rule) =>
  rule.selectors
    .filter((selector) => !INTERACTION.test(selector))
    .map((selector) => [...selector.matchAll(CLASS_IN_SELECTOR)].map((m) => unescapeClass(m[1])));

/** A rule every document gets: one of its selectors names no class. */
const isAlwaysKept = (rule: Rule) => classesBySelector(rule).some((classes) => !classes.length);

function piecesOf(container: Container): Piece[] {
  const pieces: Piece[] = [];
  container.each((node: ChildNode) => {
    const role = roleOf(node);
    if (node.type === "rule") {
      pieces.push({ selectors: classesBySelector(node), css: node.toString() });
    } else if (role === "nested" && node.type === "atrule") {
      pieces.push({ open: `@${node.name} ${node.params}`.trim(), children: piecesOf(node) });
    } else if (role === "always") {
      // A statement's or a declaration's semicolon belongs to the parent's text.
      const statement = node.type === "decl" || (node.type === "atrule" && !node.nodes);
      pieces.push({ selectors: [[]], css: statement ? `${node.toString()};` : node.toString() });
    }
  });
  return pieces;
}

/**
 * The stylesheet a signed-out page links at the end of <body> (app/root.tsx): the whole one
 * without what every document has inline already — theme variables, base styles, @font-face,
 * @property, @keyframes. Added a second time, those made Chromium restyle and lay out the whole
 * page after its first paint (new font faces for the same fonts); without them, the later sheet
 * only brings rules for classes, and for what the page already has, the same values
 * (docs/decisions/061). The order of the cascade is kept: the rules it leaves out are in the
 * theme and base layers, which the component and utility layers override anyway.
 */
export function laterStylesheet(stylesheet: string): string {
  const root = postcss.parse(stylesheet);
  const prune = (container: Container) => {
    container.each((node: ChildNode) => {
      const role = roleOf(node);
      if (role === "always" || (node.type === "rule" && isAlwaysKept(node))) node.remove();
      else if (role === "nested" && node.type === "atrule") {
        prune(node);
        if (!node.nodes?.length) node.remove();
      }
    });
  };
  prune(root);
  return root.toString();
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
 * For a stylesheet's text: a function that puts in a document the part of the stylesheet the
 * document uses, at the end of its <head>. The document is read one character per byte: searching
 * that costs no UTF-8 decoding (class names are ASCII but for the odd arbitrary value, decoded when
 * met).
 */
export function criticalCssInliner(stylesheet: string) {
  const pieces = piecesOf(postcss.parse(stylesheet));
  /** The <style> element for a document's class attributes, as they came. */
  const kept = new Map<string, Buffer>();
  return (document: DocumentEdits): void => {
    const { text } = document;
    const headEnd = text.indexOf("</head>");
    if (headEnd < 0) return;
    const values = classAttributes(text);
    const key = values.join(" ");
    let style = kept.get(key);
    if (!style) {
      const css = cssFor(pieces, classesOf(values.map(fromBytes)));
      style = Buffer.from(`<style>${css}</style>`);
      if (kept.size >= KEPT_CLASS_LISTS) kept.delete(kept.keys().next().value as string);
      kept.set(key, style);
    }
    document.insert(headEnd, style);
  };
}
