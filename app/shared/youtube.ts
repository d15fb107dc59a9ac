/**
 * YouTube links as the video form takes them (spec §5): the id is pulled out of a watch,
 * short, shorts, live or embed address (youtube.com, m.youtube.com, youtu.be,
 * youtube-nocookie.com), a bare 11-character id is taken as it is, and anything else is kept
 * as typed (trimmed) — the list then shows it as a video that cannot be played.
 */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** Path prefixes on youtube.com whose next segment is the video id. */
const ID_PATH_PREFIXES = new Set(["embed", "shorts", "live", "v", "e"]);

/** Whether `value` has the shape of a YouTube video id (11 letters, digits, _ or -). */
export const isYoutubeId = (value: string) => YOUTUBE_ID.test(value);

/** The host without `www.`, `m.` or `music.`, lower-cased. */
const bareHost = (host: string) => host.toLowerCase().replace(/^(?:www|m|music)\./, "");

function parseLink(text: string): URL | null {
  // People paste "youtu.be/…" or "www.youtube.com/…" without the scheme.
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

/** The id a YouTube address points at, or null when it is not one. */
function idFromLink(url: URL): string | null {
  const host = bareHost(url.hostname);
  const [first, second] = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be") return first ?? null;
  if (host !== "youtube.com" && host !== "youtube-nocookie.com") return null;
  if (first === "watch") return url.searchParams.get("v");
  if (first && ID_PATH_PREFIXES.has(first)) return second ?? null;
  return null;
}

/**
 * The video id in what was typed: the id of a YouTube link, the text itself when it is a bare
 * id, otherwise the trimmed text unchanged (spec §5: "anything else is stored as typed").
 */
export function extractYoutubeId(input: string): string {
  const text = input.trim();
  if (isYoutubeId(text)) return text;
  const url = parseLink(text);
  const id = url && idFromLink(url);
  return id && isYoutubeId(id) ? id : text;
}

/** YouTube's privacy-enhanced player for a well-formed id (no cookies until played). */
export function youtubeEmbedUrl(id: string, { autoplay = false } = {}): string {
  const query = new URLSearchParams({ rel: "0" });
  if (autoplay) query.set("autoplay", "1");
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?${query}`;
}
