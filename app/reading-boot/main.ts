// A signed-out reader's page loads this instead of its React app (docs/decisions/033). Built by
// vite.config.ts into one small script, /reading-boot.js (READING_BOOT_PATH): it imports only
// app/shared and its own folder.
import type { LivePage } from "~/shared/live-event";
import { holdApp, needsAppAtOnce } from "./held-app";
import { listenAsHeldPage } from "./live-stream";

const template = document.getElementById("rifq-app");
if (template instanceof HTMLTemplateElement) {
  /** The page's path, the layout's path and the lists it shows, as the server wrote them. */
  const page: LivePage = {
    pagePath: "",
    sharedPath: "",
    lists: [],
    ...JSON.parse(template.dataset.page || "{}"),
  };
  const app = holdApp(template);
  if (needsAppAtOnce()) app.start();
  // A change that concerns the page brings the app, which re-reads or applies it.
  listenAsHeldPage(page, { onChange: app.start, onMissed: app.start });
}
