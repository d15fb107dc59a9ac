import { mailtoHref, telHref } from "~/shared/contact-links";
import { inGroupsOfFour } from "~/shared/iban";
import type { LiveEvent } from "~/shared/live-event";
import { pageTitle } from "~/shared/meta";
import { showPlainText } from "./apply-text";
import { keepChildren, keepRendered } from "./rendered";

/** How a field is written where it is not shown as it is stored (`data-setting-as`). */
const FORMATS: Record<string, (value: string) => string> = {
  iban: inGroupsOfFour,
  title: pageTitle,
};

/** Whether a field shows what it guards: a text with more than spaces, or a switch that is on. */
const isFilled = (value: unknown) =>
  value === true || (typeof value === "string" && value.trim() !== "");

/**
 * Applies a public setting that the event carries to the server-rendered elements that show it,
 * as the app renders them (docs/decisions/055). The server marks them:
 * - `data-setting="contact_info.phone"`: the element shows that field — as its text (a `Text`'s
 *   as `Text` writes it), or a `<meta>`'s content — and a link leads to it (a tel: or mailto:
 *   link stays one); `data-setting-as` names a format (an IBAN in groups, a page's title, which
 *   is also its `<title>`);
 * - `data-setting-href="social_links.youtube"`: a link leads to that field;
 * - `data-shown-by="donation_account.iban"`: the element is `hidden` unless one of the fields
 *   (separated by spaces) is filled, or with a leading `!`, unless none is;
 * - `data-setting="registration_control"` (the whole setting): a shape only the app renders.
 * A social link that comes or goes changes the footer's list of icons, which this script does
 * not hold: the list is taken from the page read again (`showFreshSocialLinks`).
 * Returns false when the page cannot show the change by itself: such a shape, a value that is
 * not a set of fields (the site's address, in every page's head). A setting the page does not
 * show needs nothing. `isLate` says when the app was asked for since: it applies the rest.
 */
export function applyCarriedSetting(
  event: LiveEvent,
  root: ParentNode = document,
  isLate = () => false,
): boolean {
  const { key, value } = event;
  if (event.table !== "site_settings" || !key || !/^\w+$/.test(key)) return false;
  if (typeof value !== "object" || value === null) return false;
  const fields = value as Record<string, unknown>;
  if (root.querySelector(`[data-setting="${key}"]`)) return false;
  const footer = root.querySelector("footer");
  if (key === "social_links" && footer) {
    const marks = (names: (string | undefined)[]) => names.sort().join();
    const shown = [...footer.querySelectorAll<HTMLElement>("[data-setting-href]")];
    const filled = Object.keys(fields).filter((field) => fields[field]);
    if (
      marks(shown.map((link) => link.dataset.settingHref)) !==
      marks(filled.map((field) => `${key}.${field}`))
    ) {
      showFreshSocialLinks(footer, isLate);
    }
  }
  // The server sends a public setting whole, every field over its default (a text or a switch).
  const fieldOf = (mark: string) => fields[mark.slice(key.length + 1)];
  const marked = `[data-setting^="${key}."],[data-setting-href^="${key}."],[data-shown-by*="${key}."]`;
  for (const element of root.querySelectorAll<HTMLElement>(marked)) {
    const { setting, settingAs, settingHref, shownBy } = element.dataset;
    keepRendered(element, { html: Boolean(setting) });
    if (setting) showField(element, String(fieldOf(setting)), settingAs, root);
    if (settingHref) {
      const to = String(fieldOf(settingHref) ?? "");
      if (to) element.setAttribute("href", to);
      else element.removeAttribute("href");
    }
    if (shownBy) {
      const shownUnless = shownBy.startsWith("!");
      const marks = shownBy.replace("!", "").split(" ");
      element.hidden = marks.some((mark) => isFilled(fieldOf(mark))) === shownUnless;
    }
  }
  return true;
}

/** The latest reading of the page for its social links: an older answer is dropped. */
let readings = 0;

/**
 * Replaces the footer's list of accounts (it follows the footer's about text) by the one a fresh
 * render of the page writes, read again from the page cache: a rare change, and the icons would
 * cost this script, which every first visit loads, more than that reading.
 */
async function showFreshSocialLinks(footer: Element, isLate: () => boolean) {
  if (isLate()) return;
  const reading = ++readings;
  const about = '[data-block="footer-about"]';
  const page = await fetch(location.href)
    .then((answer) => answer.text())
    .catch(() => "");
  const fresh = new DOMParser().parseFromString(page, "text/html").querySelector(`footer ${about}`);
  const shown = footer.querySelector(about);
  if (!fresh || !shown?.parentElement || reading !== readings || isLate()) return;
  keepChildren(shown.parentElement);
  if (shown.nextElementSibling?.tagName === "UL") shown.nextElementSibling.remove();
  if (fresh.nextElementSibling?.tagName === "UL") shown.after(fresh.nextElementSibling);
}

/** Shows a field's new value in an element marked `data-setting`. */
function showField(
  element: HTMLElement,
  stored: string,
  format: string | undefined,
  root: ParentNode,
) {
  const value = format && FORMATS[format] ? FORMATS[format](stored) : stored;
  if (element.tagName === "META") {
    element.setAttribute("content", value);
    // A page's <title> is its og:title (app/shared/meta.ts).
    const title = root.querySelector("title");
    if (element.getAttribute("property") === "og:title" && title) {
      keepRendered(title);
      title.textContent = value;
    }
    return;
  }
  if (element.dataset.block) showPlainText(element, value);
  else element.textContent = value;
  const href = element.getAttribute("href");
  if (href === null) return;
  const link = href.startsWith("tel:") ? telHref : href.startsWith("mailto:") ? mailtoHref : null;
  element.setAttribute("href", link ? link(value) : value);
}
