import type { LiveEvent, LivePage } from "~/shared/live-event";
import { keepRendered } from "./rendered";

/** The class a plain text gets when it holds line breaks (app/components/content-block.tsx). */
const LINE_BREAKS_CLASS = "whitespace-pre-line";

/**
 * Applies a page text that the event carries to the server-rendered elements that show it, as
 * the app's `Text` and `Html` components would render it: an element's `data-block` is its key,
 * the nearest `data-block-path` its page path (none: the layout's), `data-html` marks rich text. Returns false when
 * the event does not carry the text (a text back to its default: the page does not hold the
 * defaults), so the page must be read again.
 */
export function applyCarriedText(
  event: LiveEvent,
  page: Pick<LivePage, "pagePath" | "sharedPath">,
  root: ParentNode = document,
): boolean {
  const { key, block, page_path: pagePath } = event;
  if (event.table !== "page_content" || !key || !pagePath || !block) return false;
  for (const element of root.querySelectorAll<HTMLElement>("[data-block]")) {
    if (element.dataset.block !== key) continue;
    // A post's article names its texts' path; else <main> holds the page's, the rest the layout's.
    const scope =
      element.closest<HTMLElement>("[data-block-path]")?.dataset.blockPath ??
      (element.closest("main") ? page.pagePath : page.sharedPath);
    if (scope !== pagePath) continue;
    keepRendered(element);
    // A rich text's stored html goes in as html (sanitized by the server); a plain text as text,
    // with the line-breaks class `Text` gives it (the rich editor never stores plain text).
    if (block.type === "html") element.innerHTML = block.value;
    else showPlainText(element, block.value);
    // A stored text no longer shows a setting's field (`Text`'s `setting`, docs/decisions/055).
    element.removeAttribute("data-setting");
  }
  return true;
}

/** A plain text as `Text` renders it: with the line-breaks class when it holds line breaks. */
export function showPlainText(element: HTMLElement, value: string) {
  element.textContent = value;
  element.classList.toggle(LINE_BREAKS_CLASS, value.includes("\n"));
  if (element.classList.length === 0) element.removeAttribute("class");
}
