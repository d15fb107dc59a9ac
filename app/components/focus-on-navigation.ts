import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation to another page, focus moves to the new page's main heading,
 * as a full page load would start a screen reader there; otherwise it would stay on a link that
 * is gone (the phone menu's) and fall to <body>. A link to an anchor keeps the browser's focus.
 */
export function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new page.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (window.location.hash) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [pathname]);
}
