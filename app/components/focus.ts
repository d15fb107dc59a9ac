const FOCUSABLE = "a[href], button:not([disabled]), input:not([type='hidden']), select, textarea";

/** Focuses `element`, making a heading or message focusable by script first. */
export function moveFocusTo(element: HTMLElement | null | undefined) {
  if (!element) return;
  if (!element.matches(`${FOCUSABLE}, [tabindex]`)) element.setAttribute("tabindex", "-1");
  element.focus();
}

/**
 * Before an action that may remove `control`'s row (a list item or table row), remembers where
 * focus should go afterwards; call the returned function once the action is done. Focus stays on
 * `control` if it is still there (the action failed), else moves to the next row, the previous
 * one, or the page's heading: never to <body>.
 */
export function focusAfterRemoval(control: HTMLElement | null) {
  const row = control?.closest<HTMLElement>("tr, li");
  const neighbours = [row?.nextElementSibling, row?.previousElementSibling];
  return () => {
    if (control?.isConnected) return moveFocusTo(control);
    for (const neighbour of neighbours) {
      const target = neighbour?.isConnected && neighbour.querySelector<HTMLElement>(FOCUSABLE);
      if (target) return moveFocusTo(target);
    }
    moveFocusTo(document.querySelector<HTMLElement>("main h1"));
  };
}
