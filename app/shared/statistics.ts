/**
 * The vocabulary of the reading statistics (docs/decisions/074): what is counted, how an address,
 * a referrer or a search becomes a key, and the periods the dashboard shows. Pure, so the
 * server's counter, the models and the screens read one definition.
 */

/** What a row of `reading_counts` counts. */
export const STATISTIC_KINDS = {
  /** A page answered 200: key = its normalised address. */
  view: "view",
  /** A page opened from another site: key = that site's host. */
  referrer: "referrer",
  /** A page view's device class: key = phone | tablet | desktop. */
  device: "device",
  /** A site search: key = its normalised text. */
  search: "search",
  /** A site search that found nothing: key = its normalised text. */
  searchMiss: "search-miss",
  /** A page answered 404: key = the address, detail = the page that linked to it. */
  notFound: "not-found",
  /** A newsletter link followed: key = the campaign's id, detail = the link. */
  click: "click",
} as const;

export type StatisticKind = (typeof STATISTIC_KINDS)[keyof typeof STATISTIC_KINDS];

/** Where a day's rare keys are folded (and a process's keys past its buffer's cap). */
export const OTHER_KEY = "أخرى";

export const DEVICE_CLASSES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const DEVICE_LABELS: Record<DeviceClass, string> = {
  phone: "جوال",
  tablet: "جهاز لوحي",
  desktop: "حاسوب",
};

/** The periods the dashboard offers, in days; the first is the default. */
export const STATISTIC_PERIODS = [30, 7, 90] as const;
export type StatisticPeriod = (typeof STATISTIC_PERIODS)[number];

/** The period an address asks (`?days=`), or the default for anything else. */
export function periodOf(asked: string | null): StatisticPeriod {
  const days = Number(asked);
  return (STATISTIC_PERIODS as readonly number[]).includes(days)
    ? (days as StatisticPeriod)
    : STATISTIC_PERIODS[0];
}

/** Longest key or detail kept (longer ones are cut). */
export const MAX_KEY_LENGTH = 200;
/** A search's text is kept to this many characters. */
export const MAX_SEARCH_KEY_LENGTH = 80;

/** Query parameters that name content (a news category, a gallery type): kept in the address. */
const CONTENT_PARAMS = ["category", "type"] as const;

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * An address as counted: the page's path (a React Router data request counts as its page),
 * decoded, without a trailing slash, with only the query parameters that name content.
 */
export function countedAddress(url: string): string {
  const queryAt = url.indexOf("?");
  let path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (path.endsWith(".data")) path = path.slice(0, -5);
  if (path === "/_root" || path === "") path = "/";
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  if (path.includes("%")) path = decode(path);
  if (queryAt >= 0) {
    const params = new URLSearchParams(url.slice(queryAt + 1));
    const kept = CONTENT_PARAMS.flatMap((name) => {
      const value = params.get(name);
      return value ? [`${name}=${value}`] : [];
    });
    if (kept.length > 0) path = `${path}?${kept.join("&")}`;
  }
  return path.slice(0, MAX_KEY_LENGTH);
}

/** The host of a Referer header (lower-case, without `www.`), or null. */
export function referrerHost(referer: string | undefined): string | null {
  if (!referer) return null;
  const start = referer.indexOf("//");
  if (start < 0) return null;
  let end = referer.length;
  for (const stop of ["/", "?", "#"]) {
    const at = referer.indexOf(stop, start + 2);
    if (at >= 0 && at < end) end = at;
  }
  const host = referer
    .slice(start + 2, end)
    .replace(/^[^@]*@/, "")
    .toLowerCase();
  if (!host) return null;
  return (host.startsWith("www.") ? host.slice(4) : host).slice(0, MAX_KEY_LENGTH);
}

/** The address (as counted) a Referer names, or null without one. */
export function refererAddress(referer: string | undefined): string | null {
  if (!referer) return null;
  const start = referer.indexOf("//");
  if (start < 0) return null;
  const afterHost = referer.indexOf("/", start + 2);
  return afterHost < 0 ? "/" : countedAddress(referer.slice(afterHost).split("#")[0] ?? "/");
}

/** A Referer as the page that linked: host and path, no query (it may carry someone's token). */
export function referringPage(referer: string | undefined): string {
  const host = referrerHost(referer);
  if (!host) return "";
  const path = refererAddress(referer) ?? "/";
  return `${host}${path.split("?")[0]}`.slice(0, MAX_KEY_LENGTH);
}

/** A search as counted: trimmed, spaces collapsed, lower-case, cut to MAX_SEARCH_KEY_LENGTH. */
export const countedSearch = (query: string) =>
  query
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim()
    .toLowerCase()
    .slice(0, MAX_SEARCH_KEY_LENGTH);

const TABLET = /ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i;
const PHONE = /mobi|iphone|ipod|android|phone/i;

/** A user agent's coarse class (robots are told apart before: `isbot`). */
export function deviceClassOf(userAgent: string): DeviceClass {
  if (TABLET.test(userAgent)) return "tablet";
  if (PHONE.test(userAgent)) return "phone";
  return "desktop";
}

/** `YYYY-MM-DD` of a moment in Riyadh (UTC+3 all year): the day a count belongs to. */
export function riyadhDay(at: Date | number = Date.now()): string {
  const time = typeof at === "number" ? at : at.getTime();
  return new Date(time + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The day `days` days before `day` (both `YYYY-MM-DD`). */
export function dayBefore(day: string, days: number): string {
  const time = Date.parse(`${day}T00:00:00Z`) - days * 24 * 60 * 60 * 1000;
  return new Date(time).toISOString().slice(0, 10);
}
