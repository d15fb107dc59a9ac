// @ts-expect-error jsdom ships no type declarations (and @types/jsdom is not installed)
import { JSDOM } from "jsdom";

/** Parses `text` as XML the way a browser does; a parse error is reported as <parsererror>. */
export function parseXml(text: string): Document {
  return new JSDOM(text, { contentType: "text/xml" }).window.document as Document;
}

/** Parses `html` as a piece of an HTML page, the way a feed reader reads an entry's HTML. */
export function parseHtmlFragment(html: string): DocumentFragment {
  return JSDOM.fragment(html) as DocumentFragment;
}
