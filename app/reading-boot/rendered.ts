/** What the server rendered in each element the page changed, to be put back for the app. */
const rendered = new Map<Element, { html: string; attributes: [string, string][] }>();

/** Remembers what the server rendered in `element`, before the page first changes it. */
export function keepRendered(element: Element) {
  if (rendered.has(element)) return;
  const attributes = element.getAttributeNames().map((name): [string, string] => {
    return [name, element.getAttribute(name) ?? ""];
  });
  rendered.set(element, { html: element.innerHTML, attributes });
}

/**
 * Puts back what the server rendered where texts and settings were applied: the app hydrates
 * over the very DOM its loader data describes, then applies the same changes from what the
 * stream heard (docs/decisions/055).
 */
export function restoreRendered() {
  for (const [element, { html, attributes }] of rendered) {
    element.innerHTML = html;
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  rendered.clear();
}
