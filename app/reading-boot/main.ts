// A signed-out reader's page loads this instead of its React app (docs/decisions/033). Built by
// vite.config.ts into one small script, /reading-boot.js (READING_BOOT_PATH): it imports only
// app/shared and its own folder.
import { type LivePage, RESTORE_RENDERED } from "~/shared/live-event";
import { HELD_APP_ID } from "~/shared/paths";
import { applyCarriedSetting } from "./apply-setting";
import { applyCarriedText } from "./apply-text";
import { holdApp, needsAppAtOnce } from "./held-app";
import { listenAsHeldPage } from "./live-stream";
import { restoreRendered } from "./rendered";

const template = document.getElementById(HELD_APP_ID);
if (template instanceof HTMLTemplateElement) {
  /** The page's path, the layout's path and the lists it shows, as the server wrote them. */
  const page: LivePage = {
    pagePath: "",
    sharedPath: "",
    lists: [],
    ...JSON.parse(template.dataset.page || "{}"),
  };
  // The app hydrates over what the server rendered, then applies what the stream heard: its
  // root puts the server's render back (app/root.tsx), after the press that brought it landed.
  (window as { [RESTORE_RENDERED]?: () => void })[RESTORE_RENDERED] = restoreRendered;
  const app = holdApp(template);
  if (needsAppAtOnce()) app.start();
  // A text or a setting the event carries is applied where it shows, without the app
  // (docs/decisions/055); any other change brings the app, which applies what was heard. Once
  // the app is on its way, the page leaves every change to it.
  listenAsHeldPage(page, {
    onChange: (event) => {
      if (app.started()) return;
      const applied =
        event.table === "site_settings"
          ? applyCarriedSetting(event, document, app.started)
          : applyCarriedText(event, page);
      if (!applied) app.start();
    },
    onMissed: app.start,
  });
}
