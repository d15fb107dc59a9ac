const FOCUSABLE = "a[href], button:not([disabled]), input:not([type='hidden']), select, textarea";

/** Focuses `element`, making a heading or message focusable by script first. */
export function moveFocusTo(element: HTMLElement | null | undefined) {
  if (!element) return;
  if (!element.matches(`${FOCUSABLE}, [tabindex]`)) element.setAttribute("tabindex", "-1");
  element.focus();
}

/** How long an answered action's row may take to leave the page (the list re-renders later). */
const REMOVAL_WAIT_MS = 2_000;

/**
 * Before an action that may remove `control`'s row (a list item or table row), remembers where
 * focus should go afterwards; call the returned function once the action is answered. The
 * router shows the new list a little later (in a transition), so it waits, frame by frame, for
 * the row to go: then focus moves to the next row, the previous one, or the page's heading;
 * if the row stays (the action failed), focus stays on `control`. Never on <body>.
 */
export function focusAfterRemoval(control: HTMLElement | null) {
  const row = control?.closest<HTMLElement>("tr, li");
  const neighbours = [row?.nextElementSibling, row?.previousElementSibling];
  const land = () => {
    // Someone who moved on meanwhile keeps their place.
    const active = document.activeElement;
    if (active && active !== document.body && active !== control && active.isConnected) return;
    if (control?.isConnected) return moveFocusTo(control);
    for (const neighbour of neighbours) {
      const target = neighbour?.isConnected && neighbour.querySelector<HTMLElement>(FOCUSABLE);
      if (target) return moveFocusTo(target);
    }
    moveFocusTo(document.querySelector<HTMLElement>("main h1"));
  };
  return () => {
    const deadline = performance.now() + REMOVAL_WAIT_MS;
    const check = () => {
      if (control?.isConnected && performance.now() < deadline) requestAnimationFrame(check);
      else land();
    };
    requestAnimationFrame(check);
  };
}
