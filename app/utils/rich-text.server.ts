import sanitizeHtml from "sanitize-html";
import { isYoutubeId } from "../shared/youtube";
import { getEnv } from "./env.server";

/**
 * The one allowlist of an article's HTML, applied when a post is saved and again when it is
 * rendered (docs/decisions/030): what the rich-text editor can make, nothing that runs.
 * Pasted Word, Google Docs or web markup is reduced to the same set.
 */
/**
 * Keeps a block's `dir` only for left-to-right text: every article is right-to-left already
 * (Word writes dir=RTL on everything). Also renames the tag (h1 → h2…).
 */
function withDirection(tagName: string): sanitizeHtml.Transformer {
  return (_tag, attribs) => {
    const dir = attribs.dir?.trim().toLowerCase();
    return { tagName, attribs: dir === "ltr" ? { ...attribs, dir } : omitDir(attribs) };
  };
}

function omitDir(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const { dir: _dropped, ...rest } = attribs;
  return rest;
}

/** Where article images may come from: our own uploads (local or the S3 bucket). */
function isOwnImage(src: string | undefined): boolean {
  if (!src) return false;
  if (/^\/uploads\/[^\s"'<>]+$/.test(src)) return true;
  const bucket = getEnv().S3_PUBLIC_URL;
  return Boolean(bucket && src.startsWith(`${bucket.replace(/\/$/, "")}/`));
}

/** Images and YouTube videos: in articles only (a page text is rendered as it is stored). */
const MEDIA_TAGS = ["figure", "img", "figcaption", "div"];

const POST_HTML_RULES: sanitizeHtml.IOptions = {
  allowedTags: [
    ...MEDIA_TAGS,
    "p",
    "br",
    "h2",
    "h3",
    "strong",
    "em",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "hr",
  ],
  allowedAttributes: {
    p: ["dir"],
    h2: ["dir"],
    h3: ["dir"],
    li: ["dir"],
    blockquote: ["dir"],
    // `rel` is always the transform's own value (below).
    a: ["href", "rel"],
    img: ["src", "alt"],
    div: ["data-youtube-id"],
  },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowProtocolRelative: false,
  transformTags: {
    b: "strong",
    i: "em",
    p: withDirection("p"),
    li: withDirection("li"),
    blockquote: withDirection("blockquote"),
    h1: withDirection("h2"),
    h2: withDirection("h2"),
    h3: withDirection("h3"),
    h4: withDirection("h3"),
    h5: withDirection("h3"),
    h6: withDirection("h3"),
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === "div") return !isYoutubeId(frame.attribs["data-youtube-id"] ?? "");
    // An empty paragraph is only spacing (Enter pressed twice): the page spaces paragraphs itself.
    if (frame.tag === "p") return !frame.text.trim() && !frame.mediaChildren?.length;
    if (frame.tag === "img") return !isOwnImage(frame.attribs.src) || !frame.attribs.alt?.trim();
    return false;
  },
  // Word and Docs wrap everything in spans, fonts and <o:p>: their text stays, the tags go.
  nonTextTags: ["style", "script", "textarea", "option", "noscript", "title", "head", "xml"],
};
/** An article's HTML reduced to the allowlist. */
export function sanitizePostHtml(dirty: string): string {
  return sanitizeHtml(dirty, POST_HTML_RULES).trim();
}

/**
 * The same allowlist for a page text of type `html` (docs/decisions/034), without images and
 * videos: the page shows the block's HTML as it is, not through the article's video player.
 */
const BLOCK_HTML_RULES: sanitizeHtml.IOptions = {
  ...POST_HTML_RULES,
  allowedTags: (POST_HTML_RULES.allowedTags as string[]).filter((tag) => !MEDIA_TAGS.includes(tag)),
};

/** A page text's HTML reduced to the allowlist, on save and again on read. */
export function sanitizeBlockHtml(dirty: string): string {
  return sanitizeHtml(dirty, BLOCK_HTML_RULES).trim();
}

const escapeText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Whether `text` carries markup at all (the no-script form sends plain text). */
const looksLikeHtml = (text: string) => /<\/?[a-z][^>]*>/i.test(text);

/** Plain text as paragraphs: every non-blank line one <p>, as the public page always showed it. */
export function plainTextToHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeText(line)}</p>`)
    .join("");
}

/**
 * What the post form sent, as stored HTML: the editor's HTML sanitized, or (when the editor
 * did not load and the plain textarea was used) the typed text as paragraphs.
 */
export function toPostHtml(submitted: string): string {
  return looksLikeHtml(submitted) ? sanitizePostHtml(submitted) : plainTextToHtml(submitted);
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
  "&nbsp;": " ",
};

/** Block ends that separate lines in the plain text. */
const BLOCK_END = /<\/(p|h2|h3|li|blockquote|figcaption)>|<br\s*\/?>|<hr\s*\/?>/gi;

/**
 * The words of an article, one line a block: for cards, the excerpt fallback, tags, search
 * and the feed. Images and videos have no text here.
 */
export function htmlToPlainText(html: string): string {
  const text = sanitizeHtml(
    html.replace(BLOCK_END, (tag) => `${tag}\n`),
    {
      allowedTags: [],
      allowedAttributes: {},
      nonTextTags: ["style", "script", "textarea", "option", "noscript", "title"],
    },
  );
  return text
    .replace(/&(?:amp|lt|gt|quot|nbsp|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** What a video of an article becomes in a feed (a reader runs none of our player). */
export const FEED_VIDEO_LINK_TEXT = "شاهد الفيديو على يوتيوب";

/**
 * An article as a feed reader gets it (docs/decisions/037): the page's sanitized HTML, with our
 * own addresses made absolute (a reader does not know the site) and each video a link to it.
 */
export function feedPostHtml(storedHtml: string, base: string): string {
  const absolute = (url = "") => (/^\/(?!\/)/.test(url) ? `${base}${url}` : url);
  // The allowlist ran first (toPostHtml): this pass only rewrites what it kept.
  return sanitizeHtml(toPostHtml(storedHtml), {
    ...POST_HTML_RULES,
    exclusiveFilter: undefined,
    transformTags: {
      a: (_tag, attribs) => ({
        tagName: "a",
        attribs: { ...attribs, href: absolute(attribs.href) },
      }),
      img: (_tag, attribs) => ({
        tagName: "img",
        attribs: { ...attribs, src: absolute(attribs.src) },
      }),
      div: (_tag, attribs) => ({
        tagName: "a",
        attribs: {
          href: `https://www.youtube.com/watch?v=${attribs["data-youtube-id"]}`,
          rel: "noopener noreferrer",
        },
        text: FEED_VIDEO_LINK_TEXT,
      }),
    },
  }).trim();
}

/** A piece of an article as the public page renders it. */
export type ContentPart = { kind: "html"; html: string } | { kind: "youtube"; id: string };

/**
 * The sanitized article cut at its videos: HTML runs are rendered as HTML, each video as our
 * click-to-load player (nothing is fetched from YouTube until a reader presses play).
 */
export function renderablePostContent(storedHtml: string): ContentPart[] {
  const clean = toPostHtml(storedHtml);
  const parts: ContentPart[] = [];
  const video = /<div data-youtube-id="([A-Za-z0-9_-]{11})"><\/div>/g;
  let last = 0;
  for (const match of clean.matchAll(video)) {
    const before = clean.slice(last, match.index).trim();
    if (before) parts.push({ kind: "html", html: before });
    parts.push({ kind: "youtube", id: match[1] as string });
    last = (match.index ?? 0) + match[0].length;
  }
  const rest = clean.slice(last).trim();
  if (rest) parts.push({ kind: "html", html: rest });
  return parts;
}

/** Inline styles of an e-mail's blocks: mail clients drop stylesheets, keep `style`. */
const EMAIL_STYLES: Record<string, string> = {
  p: "margin:0 0 16px;font-size:17px;line-height:1.9;color:#1f2a2e",
  h2: "margin:24px 0 12px;font-size:22px;line-height:1.5;color:#0f5a4f",
  h3: "margin:20px 0 10px;font-size:19px;line-height:1.5;color:#0f5a4f",
  ul: "margin:0 0 16px;padding:0 24px 0 0",
  ol: "margin:0 0 16px;padding:0 24px 0 0",
  li: "margin:0 0 8px;font-size:17px;line-height:1.8;color:#1f2a2e",
  blockquote: "margin:0 0 16px;padding:8px 16px;border-right:4px solid #0f766e;color:#37474f",
  a: "color:#0f5a4f;text-decoration:underline",
  img: "display:block;max-width:100%;height:auto;border:0;border-radius:8px",
  figure: "margin:0 0 16px",
  figcaption: "font-size:14px;color:#55656b;padding-top:6px",
  hr: "border:0;border-top:1px solid #d7e0df;margin:24px 0",
};

/**
 * An article's stored HTML as the body of an e-mail (docs/decisions/051): the feed's pass (our
 * addresses absolute, each video a link) and then an inline style on every block, since mail
 * clients ignore stylesheets. Still the one allowlist: no script, no other attribute.
 */
export function emailBodyHtml(storedHtml: string, base: string): string {
  const withStyle =
    (tagName: string): sanitizeHtml.Transformer =>
    (_tag, attribs) => ({ tagName, attribs: { ...attribs, style: EMAIL_STYLES[tagName] ?? "" } });
  const tags = Object.keys(EMAIL_STYLES);
  return sanitizeHtml(feedPostHtml(storedHtml, base), {
    allowedTags: POST_HTML_RULES.allowedTags,
    allowedAttributes: {
      ...Object.fromEntries(tags.map((tag) => [tag, ["style"]])),
      p: ["dir", "style"],
      h2: ["dir", "style"],
      h3: ["dir", "style"],
      li: ["dir", "style"],
      blockquote: ["dir", "style"],
      a: ["href", "rel", "style"],
      img: ["src", "alt", "style", "width"],
    },
    allowedSchemes: POST_HTML_RULES.allowedSchemes,
    allowProtocolRelative: false,
    transformTags: Object.fromEntries(tags.map((tag) => [tag, withStyle(tag)])),
  }).trim();
}
