/**
 * What a person sees as a broken layout, measured in the page (issue 26; run by
 * tests/e2e/layout-sweep.e2e.ts). Self-contained: `page.evaluate` sends it to the browser as text.
 *
 * - `overflow`: the page is wider than the screen (it scrolls sideways);
 * - `overlap`: two visible controls or images are drawn over each other (their boxes, as far as
 *   their ancestors let them show, share more than 6 px in both directions);
 * - `clipped`: an element that hides its overflow cuts its own text;
 * - `offscreen`: a control sticks out of the screen sideways;
 * - `small-target`: (only for the controls `targets` selects) a control under 44 × 44 px, such as
 *   a button squeezed by its row.
 */
export interface LayoutFinding {
  kind: "overflow" | "overlap" | "clipped" | "offscreen" | "small-target";
  /** What is wrong, with the numbers measured at this width. */
  detail: string;
  /** The elements concerned, named as a person would find them (name, tag, class). */
  elements: string[];
}

export function findLayoutProblems(targets?: string): LayoutFinding[] {
  const CONTROLS = "a, button, img, input, select, textarea, summary";
  const MIN_OVERLAP = 6;
  const root = document.documentElement;
  const screenWidth = root.clientWidth;
  const findings: LayoutFinding[] = [];
  // A part left to render until the reader scrolls near it (`.below-fold`, docs/decisions/061)
  // keeps a guessed size until then: it is measured as the reader sees it when there, rendered,
  // with the containment it keeps.
  const rendered = document.createElement("style");
  rendered.textContent =
    ".below-fold{content-visibility:visible!important;contain:layout style paint}";
  document.head.append(rendered);
  // Each element's style is read once per measurement (the ancestors' many times otherwise).
  const styles = new Map<Element, CSSStyleDeclaration>();
  const styleOf = (element: Element) => {
    let style = styles.get(element);
    if (!style) {
      style = getComputedStyle(element);
      styles.set(element, style);
    }
    return style;
  };

  const describe = (element: Element) => {
    const labelledBy = element.getAttribute("aria-labelledby");
    const labels = (element as HTMLInputElement).labels;
    const name =
      element.getAttribute("aria-label") ??
      (labelledBy && document.getElementById(labelledBy)?.textContent) ??
      element.getAttribute("alt") ??
      (labels?.[0]?.textContent || null) ??
      (element.textContent || "") ??
      "";
    const shortName = (
      name ||
      element.getAttribute("placeholder") ||
      element.getAttribute("title") ||
      ""
    )
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 50);
    const className = (element.getAttribute("class") ?? "").split(/\s+/).slice(0, 4).join(".");
    return `«${shortName}» ${element.tagName.toLowerCase()}${className ? `.${className}` : ""}`;
  };

  /** Hidden to the eye: not rendered, invisible, or inside a closed <details> (bar its summary). */
  const hidden = (element: Element) => {
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return true;
    // Shown only while focused (edit mode's controls inside menus): cut to nothing otherwise.
    if (styleOf(element).clipPath === "inset(50%)") return true;
    const closed = element.closest("details:not([open])");
    return closed !== null && element.closest("summary")?.parentElement !== closed;
  };

  /** The part of the element its clipping ancestors let show (null: nothing shows). */
  const shownBox = (element: Element) => {
    const box = element.getBoundingClientRect();
    let left = box.left;
    let right = box.right;
    let top = box.top;
    let bottom = box.bottom;
    for (
      let parent = element.parentElement;
      parent && parent !== root;
      parent = parent.parentElement
    ) {
      const style = styleOf(parent);
      if (style.overflowX !== "visible" || style.overflowY !== "visible") {
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
      }
      if (style.position === "fixed") break;
    }
    return right - left > 1 && bottom - top > 1 ? { left, right, top, bottom } : null;
  };

  /**
   * The layer an element is drawn in: a fixed or sticky box (a dialog, a floating button, the
   * toasts, a sticky save bar) floats over the page by design; only its own controls may not
   * overlap each other.
   */
  const layerOf = (element: Element) => {
    for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
      const { position } = styleOf(node);
      if (position === "fixed" || position === "sticky") return node;
    }
    return null;
  };
  /** Inside a box the reader scrolls sideways on purpose (a wide table, a row of tabs). */
  const inScroller = (element: Element) => {
    for (let node = element.parentElement; node && node !== root; node = node.parentElement) {
      const { overflowX } = styleOf(node);
      if (overflowX === "auto" || overflowX === "scroll") return true;
    }
    return false;
  };

  // The page wider than the screen: which boxes stick out (the outermost of each branch).
  if (root.scrollWidth > screenWidth) {
    const out = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.left < -1 || box.right > screenWidth + 1);
    };
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((element) => out(element) && !(element.parentElement && out(element.parentElement)))
      // (The honeypot field, parked off-screen for robots, is nobody's culprit.)
      .filter((element) => !hidden(element) && !element.closest('[aria-hidden="true"]'));
    findings.push({
      kind: "overflow",
      detail: `the page is ${root.scrollWidth} px wide on a ${screenWidth} px screen`,
      elements: culprits.slice(0, 4).map(describe),
    });
  }

  const controls = [...document.querySelectorAll(CONTROLS)]
    .filter((element) => !hidden(element))
    .map((element) => ({ element, box: shownBox(element), layer: layerOf(element) }))
    .filter(
      (
        item,
      ): item is { element: Element; box: NonNullable<typeof item.box>; layer: Element | null } =>
        item.box !== null,
    );

  for (const { element, box } of controls) {
    if (element.tagName === "IMG" || inScroller(element)) continue;
    if (box.left < -1 || box.right > screenWidth + 1) {
      findings.push({
        kind: "offscreen",
        detail: `a control at ${Math.round(box.left)}..${Math.round(box.right)} px on a ${screenWidth} px screen`,
        elements: [describe(element)],
      });
    }
  }

  for (let i = 0; i < controls.length; i++) {
    const a = controls[i];
    for (let j = i + 1; j < controls.length; j++) {
      const b = controls[j];
      if (a.layer !== b.layer) continue;
      const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (across <= MIN_OVERLAP || down <= MIN_OVERLAP) continue;
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      findings.push({
        kind: "overlap",
        detail: `drawn over each other by ${Math.round(across)}×${Math.round(down)} px`,
        elements: [describe(a.element), describe(b.element)],
      });
    }
  }

  for (const element of targets ? document.querySelectorAll(targets) : []) {
    if (hidden(element)) continue;
    const box = element.getBoundingClientRect();
    // Rounding: a 44 px box may measure 43.99.
    if (box.width < 43.5 || box.height < 43.5) {
      findings.push({
        kind: "small-target",
        detail: `a target of ${Math.round(box.width)}×${Math.round(box.height)} px (44×44 at least)`,
        elements: [describe(element)],
      });
    }
  }

  for (const element of document.body.querySelectorAll("*")) {
    if (element.scrollWidth <= element.clientWidth + 1 || element.clientWidth <= 2) continue;
    const { overflowX } = styleOf(element);
    if (overflowX !== "hidden" && overflowX !== "clip") continue;
    if (!element.textContent?.trim() || hidden(element)) continue;
    findings.push({
      kind: "clipped",
      detail: `text cut: ${element.scrollWidth} px of text in ${element.clientWidth} px`,
      elements: [describe(element)],
    });
  }
  rendered.remove();
  return findings;
}

/**
 * The focused element's ring as drawn (issue 26, forced colours): an outline of at least 1 px
 * that is not `none`. Self-contained, for `locator.evaluate`.
 */
export function focusRing(element: Element) {
  const style = getComputedStyle(element);
  return {
    focusVisible: element.matches(":focus-visible"),
    drawn: style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 1,
    outline: `${style.outlineStyle} ${style.outlineWidth}`,
  };
}

/**
 * What sets an element apart other than colour: a person who sees every text in the system's
 * one colour (forced colours) tells the current menu item or a pressed button by these.
 */
export function shapeOf(element: Element) {
  const style = getComputedStyle(element);
  return {
    outline: `${style.outlineStyle} ${style.outlineWidth}`,
    border: `${style.borderTopStyle} ${style.borderTopWidth} ${style.borderBottomStyle} ${style.borderBottomWidth}`,
    decoration: `${style.textDecorationLine} ${style.textDecorationThickness}`,
    weight: style.fontWeight,
    // A fill in the system's selection colours (forced-color-adjust: none) is a shape too.
    fill: style.forcedColorAdjust === "none" ? style.backgroundColor : "forced",
  };
}
