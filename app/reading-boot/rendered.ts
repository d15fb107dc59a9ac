/**
 * What the server rendered where the page changed it, to be put back for the app: an element's
 * attributes, its content where that changed, and a parent's children where one came or went.
 */
const attributesOf = new Map<Element, [string, string][]>();
const htmlOf = new Map<Element, string>();
const childrenOf = new Map<Element, Node[]>();

/** Remembers `element`'s attributes (and with `html`, its content) before the page first changes them. */
export function keepRendered(element: Element, { html = true } = {}) {
  if (html && !htmlOf.has(element)) htmlOf.set(element, element.innerHTML);
  if (attributesOf.has(element)) return;
  const attributes = element.getAttributeNames().map((name): [string, string] => {
    return [name, element.getAttribute(name) ?? ""];
  });
  attributesOf.set(element, attributes);
}

/** Remembers `parent`'s children before the page first adds or removes one. */
export function keepChildren(parent: Element) {
  if (!childrenOf.has(parent)) childrenOf.set(parent, [...parent.childNodes]);
}

/**
 * Puts back what the server rendered where texts and settings were applied: the app hydrates
 * over the very DOM its loader data describes, then applies the same changes from what the
 * stream heard (docs/decisions/055).
 */
export function restoreRendered() {
  for (const [parent, children] of childrenOf) parent.replaceChildren(...children);
  for (const [element, html] of htmlOf) element.innerHTML = html;
  for (const [element, attributes] of attributesOf) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  childrenOf.clear();
  htmlOf.clear();
  attributesOf.clear();
}
