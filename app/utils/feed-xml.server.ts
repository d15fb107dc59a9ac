/**
 * RSS 2.0 and Atom 1.0 written by hand (docs/decisions/037): every title and summary is plain
 * text, escaped (Atom `type="text"`), and only an entry's `html` (sanitized by the caller) is
 * HTML. No CDATA: escaped text has no `]]>` to get wrong.
 */

export interface FeedEntry {
  /** The post's address: its link and its id. */
  link: string;
  title: string;
  /** Plain text. */
  summary: string;
  /** The article's HTML, already sanitized. */
  html: string;
  date: Date;
  author: string | null;
  category: string | null;
  /** An absolute image address. */
  image: string | null;
}

export interface FeedChannel {
  title: string;
  description: string;
  /** The page the feed mirrors: the channel's link and the Atom feed's id. */
  link: string;
  rssUrl: string;
  atomUrl: string;
  language: string;
  rights: string;
  updated: Date;
  entries: FeedEntry[];
}

/** Characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/F). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Plain text as XML character data or an attribute value. "&", "<" and ">" as hexadecimal
 * references: the form the RSS Best Practices Profile recommends for plain-text elements.
 */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&#x26;")
    .replace(/</g, "&#x3C;")
    .replace(/>/g, "&#x3E;")
    .replace(/"/g, "&quot;");
}

/** "&", "<" and ">" as the entities HTML and XML share. */
const escapeMarkup = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const element = (name: string, text: string, attributes = "") =>
  `<${name}${attributes}>${xmlText(text)}</${name}>`;

/** An element that holds HTML (RSS description and content:encoded, Atom content). */
const htmlElement = (name: string, html: string, attributes = "") =>
  `<${name}${attributes}>${escapeMarkup(html.replace(NOT_XML, ""))}</${name}>`;

/**
 * Plain text in an element readers take as HTML (RSS `<description>`): escaped for HTML first,
 * so it shows as typed, then for XML.
 */
const textAsHtmlElement = (name: string, text: string) => htmlElement(name, escapeMarkup(text));

/** What an image address's extension says it is (as an enclosure's type). */
function imageType(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  if (!extension) return "application/octet-stream";
  return extension === "jpg" ? "image/jpeg" : `image/${extension}`;
}

function rssItem(entry: FeedEntry): string {
  return [
    "<item>",
    element("title", entry.title),
    element("link", entry.link),
    element("guid", entry.link, ' isPermaLink="false"'),
    element("pubDate", entry.date.toUTCString()),
    textAsHtmlElement("description", entry.summary),
    htmlElement("content:encoded", entry.html),
    entry.author ? element("dc:creator", entry.author) : "",
    entry.category ? element("category", entry.category) : "",
    entry.image
      ? `<enclosure url="${xmlText(entry.image)}" length="0" type="${imageType(entry.image)}"/>`
      : "",
    "</item>",
  ]
    .filter(Boolean)
    .join("\n");
}

/** RSS 2.0: titles as text, the description as HTML of the summary's text, the article in content:encoded. */
export function rss2(feed: FeedChannel): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    element("title", feed.title),
    element("link", feed.link),
    textAsHtmlElement("description", feed.description),
    element("language", feed.language),
    element("copyright", feed.rights),
    element("lastBuildDate", feed.updated.toUTCString()),
    `<atom:link href="${xmlText(feed.rssUrl)}" rel="self" type="application/rss+xml"/>`,
    ...feed.entries.map(rssItem),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

const TEXT = ' type="text"';

function atomEntry(entry: FeedEntry): string {
  return [
    "<entry>",
    element("title", entry.title, TEXT),
    element("id", entry.link),
    `<link rel="alternate" href="${xmlText(entry.link)}"/>`,
    entry.image
      ? `<link rel="enclosure" href="${xmlText(entry.image)}" type="${imageType(entry.image)}"/>`
      : "",
    element("published", entry.date.toISOString()),
    element("updated", entry.date.toISOString()),
    entry.author ? `<author>${element("name", entry.author)}</author>` : "",
    entry.category ? `<category term="${xmlText(entry.category)}"/>` : "",
    element("summary", entry.summary, TEXT),
    htmlElement("content", entry.html, ' type="html"'),
    "</entry>",
  ]
    .filter(Boolean)
    .join("\n");
}

/** Atom 1.0: titles and summaries `type="text"`, the article `type="html"`. */
export function atom1(feed: FeedChannel): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xmlText(feed.language)}">`,
    element("id", feed.link),
    element("title", feed.title, TEXT),
    element("subtitle", feed.description, TEXT),
    element("updated", feed.updated.toISOString()),
    `<link rel="alternate" href="${xmlText(feed.link)}"/>`,
    `<link rel="self" href="${xmlText(feed.atomUrl)}" type="application/atom+xml"/>`,
    // Atom wants an author for every entry: the site's, where a post has none of its own.
    `<author>${element("name", feed.rights)}</author>`,
    element("rights", feed.rights, TEXT),
    ...feed.entries.map(atomEntry),
    "</feed>",
    "",
  ].join("\n");
}
