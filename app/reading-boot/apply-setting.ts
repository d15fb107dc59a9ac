import { mailtoHref, telHref } from "~/shared/contact-links";
import type { LiveEvent } from "~/shared/live-event";
import { keepRendered } from "./rendered";

/**
 * Applies a public setting that the event carries to the server-rendered elements that show it,
 * as the app renders them (docs/decisions/055). The server marks them:
 * - `data-setting="contact_info.phone"`: the element's text is that field, and a link leads to
 *   it (a tel: or mailto: link stays one);
 * - `data-setting-href="social_links.facebook"`: a link (an icon) leads to that field;
 * - `data-setting="donation_account"` (the whole setting): the page shows it in a shape only its
 *   app renders (bank details, a sign-up link or tab that come and go).
 * Returns false when the page cannot show the change exactly by itself: such a shape, a social
 * link that comes or goes (the footer shows the filled ones), a value that is not a set of fields
 * (the site's address, in every page's head). A setting the page does not show needs nothing.
 */
export function applyCarriedSetting(event: LiveEvent, root: ParentNode = document): boolean {
  const { key, value } = event;
  if (event.table !== "site_settings" || !key || !/^\w+$/.test(key)) return false;
  if (typeof value !== "object" || value === null) return false;
  const fields = value as Record<string, unknown>;
  if (root.querySelector(`[data-setting="${key}"]`)) return false;
  const footer = root.querySelector("footer");
  if (key === "social_links" && footer) {
    const shown = [...footer.querySelectorAll<HTMLElement>("[data-setting-href]")];
    const filled = Object.keys(fields).filter((field) => fields[field]);
    const marks = (names: (string | undefined)[]) => names.sort().join();
    if (
      marks(shown.map((link) => link.dataset.settingHref)) !==
      marks(filled.map((field) => `${key}.${field}`))
    )
      return false;
  }
  // The server sends a public setting whole, every field over its default (a text or a switch).
  const fieldOf = (mark: string) => String(fields[mark.slice(key.length + 1)]);
  const marked = `[data-setting^="${key}."],[data-setting-href^="${key}."]`;
  for (const element of root.querySelectorAll<HTMLElement>(marked)) {
    const { setting, settingHref } = element.dataset;
    keepRendered(element);
    if (setting) element.textContent = fieldOf(setting);
    const link = setting ?? settingHref;
    const href = element.getAttribute("href");
    if (link && href !== null) {
      const to = fieldOf(link);
      const kind = href.startsWith("tel:")
        ? telHref
        : href.startsWith("mailto:")
          ? mailtoHref
          : null;
      element.setAttribute("href", kind ? kind(to) : to);
    }
  }
  return true;
}
