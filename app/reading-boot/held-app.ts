/**
 * The app a reader's page holds in `<template id="rifq-app">` (app/utils/deferred-hydration.server.ts)
 * and what the reader does before it comes: `start` puts the app's scripts back where React
 * rendered them (its module preloads into <head>); a control the reader reached for brings it,
 * and what only the app can do (a script button's click, an Escape, a form's error summary)
 * happens again once it has hydrated.
 */
export function holdApp(template: HTMLTemplateElement) {
  let started = false;
  let hydrated = false;
  const heldClicks: HTMLElement[] = [];
  /** A form the browser refused to send (a required field empty), with the button that sent it. */
  let heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  let lastSubmitter: HTMLButtonElement | HTMLInputElement | null = null;
  /** An Escape pressed before the app (it closes the menu the reader is in). */
  let heldEscape: Element | null = null;

  function start() {
    if (started) return;
    started = true;
    const app = document.importNode(template.content, true);
    for (const preload of app.querySelectorAll('link[rel="modulepreload"]')) {
      document.head.appendChild(preload);
    }
    template.replaceWith(app);
  }

  // The root component says when the app has hydrated: what it missed happens again.
  window.addEventListener(
    "rifq:hydrated",
    () => {
      hydrated = true;
      for (const control of heldClicks.splice(0)) if (control.isConnected) control.click();
      if (heldEscape?.isConnected) {
        heldEscape.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
      }
      // The app checks the form itself and shows its error summary.
      if (heldSubmit?.form.isConnected) heldSubmit.form.requestSubmit(heldSubmit.submitter);
    },
    { once: true },
  );

  const CONTROLS = "button,input,select,textarea,label,summary,[data-needs-app]";
  const elementOf = (event: Event) => (event.target instanceof Element ? event.target : null);
  for (const type of ["pointerdown", "focusin", "keydown"]) {
    document.addEventListener(type, (event) => elementOf(event)?.closest(CONTROLS) && start(), {
      capture: true,
      passive: true,
    });
  }
  document.addEventListener(
    "keydown",
    (event) => {
      const target = elementOf(event);
      if (hydrated || event.key !== "Escape" || !target) return;
      if (target.closest("details[open]")) {
        heldEscape = target;
        start();
      }
    },
    true,
  );
  // A form the browser will not send yet: its own messages wait for the app's error summary.
  document.addEventListener(
    "invalid",
    (event) => {
      if (hydrated) return;
      event.preventDefault();
      const form = (event.target as { form?: HTMLFormElement | null }).form;
      if (form && !heldSubmit) {
        const submitter = lastSubmitter?.form === form ? lastSubmitter : null;
        heldSubmit = { form, submitter };
      }
      start();
    },
    true,
  );
  // A button that only scripts act on waits for the app; links and submit buttons work as HTML.
  document.addEventListener(
    "click",
    (event) => {
      const target = elementOf(event);
      if (hydrated || !target) return;
      lastSubmitter = target.closest<HTMLButtonElement | HTMLInputElement>(
        'button[type="submit"],input[type="submit"]',
      );
      const control = target.closest<HTMLElement>('button[type="button"],[data-needs-app]');
      if (!control) return;
      event.preventDefault();
      event.stopPropagation();
      if (!heldClicks.includes(control)) heldClicks.push(control);
      start();
    },
    true,
  );

  return { start, started: () => started };
}

/**
 * Whether the page needs its app at once: it acts by itself (a timed redirect), answers a form
 * sent without the app (its error summary and focus are the app's), or shows a state only the
 * browser knows (the reader's system asks for more contrast).
 */
export function needsAppAtOnce(): boolean {
  const byMedia = [...document.querySelectorAll<HTMLElement>("[data-hydrate-media]")].some(
    (element) => window.matchMedia(element.dataset.hydrateMedia ?? "").matches,
  );
  return byMedia || Boolean(document.querySelector('[data-hydrate],[aria-invalid="true"]'));
}
