// A signed-out reader's page loads this instead of its React app (docs/decisions/033,
// app/utils/deferred-hydration.server.ts). Plain script, served as written: it brings the app
// (the <template id="rifq-app"> the server filled) back into the page when the page first needs it.
(() => {
  const template = document.getElementById("rifq-app");
  if (!template) return;
  /** The page's path, the layout's path and the lists it shows, as the server wrote them. */
  const page = JSON.parse(template.dataset.page || "{}");
  let started = false;
  let hydrated = false;
  const heldClicks = [];
  /** What the stream heard before the app came; null: changes may have been missed. */
  const heard = [];

  // The app's scripts go back where React rendered them; its module preloads go to <head>.
  function start() {
    if (started) return;
    started = true;
    const app = document.importNode(template.content, true);
    for (const preload of app.querySelectorAll('link[rel="modulepreload"]')) {
      document.head.appendChild(preload);
    }
    template.replaceWith(app);
  }

  /** A form the browser refused to send (a required field empty), with the button that sent it. */
  let heldSubmit = null;
  let lastSubmitter = null;
  /** An Escape pressed before the app (it closes the menu the reader is in). */
  let heldEscape = null;

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
  const needsApp = (event) => event.target instanceof Element && event.target.closest(CONTROLS);
  for (const type of ["pointerdown", "focusin", "keydown"]) {
    document.addEventListener(type, (event) => needsApp(event) && start(), {
      capture: true,
      passive: true,
    });
  }
  document.addEventListener(
    "keydown",
    (event) => {
      if (hydrated || event.key !== "Escape" || !(event.target instanceof Element)) return;
      if (event.target.closest("details[open]")) {
        heldEscape = event.target;
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
      const form = event.target.form;
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
      if (hydrated || !(event.target instanceof Element)) return;
      lastSubmitter = event.target.closest('button[type="submit"],input[type="submit"]');
      const control = event.target.closest('button[type="button"],[data-needs-app]');
      if (!control) return;
      event.preventDefault();
      event.stopPropagation();
      if (!heldClicks.includes(control)) heldClicks.push(control);
      start();
    },
    true,
  );

  // A page that acts by itself (a timed redirect), answers a form sent without the app (its
  // error summary and focus are the app's), or shows a state only the browser knows (the
  // reader's system asks for more contrast) needs its app at once.
  const mediaNeedingApp = [...document.querySelectorAll("[data-hydrate-media]")].some(
    (element) => window.matchMedia(element.dataset.hydrateMedia).matches,
  );
  if (document.querySelector('[data-hydrate],[aria-invalid="true"]') || mediaNeedingApp) start();

  if (!window.EventSource) return;
  const source = new EventSource("/realtime");
  let opened = false;
  const concerns = (event) =>
    event.table === "page_content"
      ? event.page_path === page.pagePath || event.page_path === page.sharedPath
      : event.table === "site_settings" || (page.lists || []).includes(event.table);
  const missed = () => {
    heard.push(null);
    start();
  };
  source.onopen = () => {
    if (opened) missed(); // a reconnect
    opened = true;
  };
  source.addEventListener("resync", missed);
  source.onmessage = (message) => {
    let event;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    if (event && concerns(event)) {
      heard.push(event);
      start();
    }
  };
  // The app's live updates take the stream over (app/components/live-updates.ts).
  window.__rifqLive = {
    source,
    heard,
    stop() {
      source.onopen = null;
      source.onmessage = null;
      source.removeEventListener("resync", missed);
    },
  };
})();
