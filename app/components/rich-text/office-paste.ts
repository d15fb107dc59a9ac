/**
 * What Google Docs and desktop Word say with styles rather than elements, turned into the
 * elements the editor knows, before cleanPastedHtml drops every style.
 */
export function convertOfficeStyles(document: Document) {
  convertStyledEmphasis(document);
  convertWordLists(document);
}

/** A style attribute as property → value (lowercase); `mso-bidi-font-weight` is not `font-weight`. */
function stylesOf(element: Element): Map<string, string> {
  const styles = new Map<string, string>();
  for (const declaration of (element.getAttribute("style") ?? "").split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    styles.set(
      declaration.slice(0, colon).trim().toLowerCase(),
      declaration
        .slice(colon + 1)
        .trim()
        .toLowerCase(),
    );
  }
  return styles;
}

const isBold = (weight: string | undefined) =>
  weight === "bold" || weight === "bolder" || Number(weight) >= 600;
const isNormalWeight = (weight: string | undefined) =>
  weight === "normal" || weight === "lighter" || (weight !== undefined && Number(weight) < 600);

function unwrap(element: Element) {
  element.replaceWith(...element.childNodes);
}

function wrapContents(element: Element, tagName: "strong" | "em") {
  const wrapper = element.ownerDocument.createElement(tagName);
  wrapper.append(...element.childNodes);
  element.append(wrapper);
}

/**
 * Google Docs wraps a whole copy in `<b style="font-weight:normal" id="docs-internal-guid-…">`
 * and marks bold and italic words with `font-weight:700` and `font-style:italic` spans: the
 * wrapper goes (or all of it would be bold) and the spans become <strong> and <em>.
 */
function convertStyledEmphasis(document: Document) {
  for (const element of [...document.body.querySelectorAll("b, strong, i, em")]) {
    const styles = stylesOf(element);
    const bold = element.localName === "b" || element.localName === "strong";
    if (bold ? isNormalWeight(styles.get("font-weight")) : styles.get("font-style") === "normal")
      unwrap(element);
  }
  for (const span of document.body.querySelectorAll("span[style]")) {
    const styles = stylesOf(span);
    // A heading is bold already.
    if (isBold(styles.get("font-weight")) && !span.closest("h1, h2, h3, h4, h5, h6"))
      wrapContents(span, "strong");
    if (styles.get("font-style") === "italic" || styles.get("font-style") === "oblique")
      wrapContents(span, "em");
  }
}

/** `mso-list:l0 level2 lfo1` → 2; null when the paragraph is not one of Word's list items. */
function wordListLevel(paragraph: Element): number | null {
  const list = stylesOf(paragraph).get("mso-list");
  const level = list?.match(/level(\d+)/);
  if (level) return Number(level[1]);
  return /^MsoListParagraph/i.test(paragraph.getAttribute("class") ?? "") ? 1 : null;
}

/** A numbered item's marker is "1." or "أ)" or "a."; a bulleted one is "·", "o", "§" or "-". */
const isNumberedMarker = (marker: string) => /^\(?[\p{L}\p{N}]{1,4}[.)-]$/u.test(marker);

/**
 * Desktop Word copies a list as paragraphs (`class=MsoListParagraph…`, `mso-list:l0 level1`),
 * each starting with its bullet or number typed out in a `mso-list:Ignore` span. Consecutive
 * ones become one <ul> or <ol> of <li>, a deeper level a list inside the previous item.
 */
function convertWordLists(document: Document) {
  /** The open lists of the current run, outermost first. */
  let open: { list: Element; level: number }[] = [];
  let previous: Element | null = null;
  for (const paragraph of [...document.body.querySelectorAll("p")]) {
    const level = wordListLevel(paragraph);
    if (level === null) continue;
    const markers = [...paragraph.querySelectorAll("[style*='mso-list'][style*='Ignore' i]")];
    const marker = markers.map((span) => span.textContent ?? "").join("");
    const numbered = isNumberedMarker(marker.replace(/[\s\u00a0]+/g, ""));
    for (const span of markers) span.remove();

    const item = document.createElement("li");
    item.append(...paragraph.childNodes);
    // A run goes on only through paragraphs that follow one another (blank text aside).
    if (!previous || !followsDirectly(previous, paragraph)) open = [];
    while (open.length > 0 && (open.at(-1)?.level ?? 0) > level) open.pop();
    const current = open.at(-1);
    if (current && current.level === level) {
      current.list.append(item);
      paragraph.remove();
    } else {
      const list = document.createElement(numbered ? "ol" : "ul");
      list.append(item);
      const parentItem = current?.list.lastElementChild;
      if (current && parentItem) {
        parentItem.append(list);
        paragraph.remove();
      } else {
        paragraph.replaceWith(list);
      }
      open.push({ list, level });
    }
    previous = item;
  }
}

/** Whether `paragraph` came right after the list item made from the paragraph before it. */
function followsDirectly(previousItem: Element, paragraph: Element): boolean {
  let outermost: Element = previousItem;
  while (outermost.parentElement && outermost.parentElement !== paragraph.parentElement) {
    outermost = outermost.parentElement;
  }
  let sibling = outermost.nextSibling;
  while (sibling && sibling.nodeType !== 1 && !sibling.textContent?.trim()) {
    sibling = sibling.nextSibling;
  }
  return sibling === paragraph;
}
