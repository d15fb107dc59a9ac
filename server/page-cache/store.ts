import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, gzipSync, constants as zlib } from "node:zlib";
import { type ChangeEvent, concerns, type LivePage } from "~/shared/live-event";

// The stored pages of the page cache: compressed bytes, kept least recently used first, each with
// the page a change is measured against (docs/decisions/026, 040). Knows nothing of HTTP.

const brotliAsync = promisify(brotliCompress);

/** Stored brotli: quality 8 costs what rendering does (~2 ms); 11 is 8 % smaller but ~40× dearer. */
const FIRST_BROTLI_QUALITY = 8;
const BEST_BROTLI_QUALITY = 11;
/** The hits after which a stored page is recompressed at the best quality, in the background… */
const RECOMPRESS_AT_HIT = 3;
/**
 * …once it has gone this long unchanged: a page cleared every few seconds by staff saving (the
 * busy day, decision 083) would otherwise pay the best quality (~40× the first) on every render.
 */
const RECOMPRESS_AFTER_MS = 20_000;

const brotliAt = (quality: number, body: Buffer) =>
  brotliAsync(body, {
    params: {
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

/** What a render left to replay: its bytes and the headers of its response. */
export interface Rendered {
  /** The page as changes are measured against it: its texts' path and its routes' lists. */
  page: LivePage;
  contentType: string;
  body: Buffer;
  /** The rendering response's own headers (security headers…), replayed on every hit. */
  headers: [string, string | number | string[]][];
  /** The CSP of the rendering response with its nonce replaced by the hashes of the inline scripts. */
  csp: string | null;
}

/**
 * A cached page: its bytes as sent and its brotli, compressed once when stored, and its gzip,
 * made when a browser first asks for it: every browser of the last decade takes brotli over
 * HTTPS, so gzip made with every render was mostly never sent (docs/decisions/093).
 */
export interface Entry extends Omit<Rendered, "body"> {
  /** Answers from this entry; a page asked for often gets its brotli made smaller. */
  hits: number;
  /** Its best-quality brotli has been asked for (once per entry). */
  recompressing?: boolean;
  identity: Buffer;
  gzip?: Buffer;
  br: Buffer;
  storedAt: number;
  /**
   * The answer's bytes and head per encoding, made by the HTTP side on the first answer in that
   * encoding (remade when the brotli is: its body is no longer the same buffer).
   */
  wire: Partial<Record<"identity" | "gzip" | "br", { body: Buffer; headers: OutgoingHttpHeaders }>>;
}

/** A render in progress for a key: the misses that arrive meanwhile wait for its entry. */
export interface Flight {
  entry: Promise<Entry | null>;
  page: LivePage;
  /** Set when a change concerns the page while it renders: the result is not stored. */
  stale: boolean;
}

/** Compresses a render once, as it will be stored and answered. */
export async function compressRendered({ body, ...rendered }: Rendered): Promise<Entry> {
  const br = await brotliAt(FIRST_BROTLI_QUALITY, body);
  return { ...rendered, hits: 0, identity: body, br, storedAt: Date.now(), wire: {} };
}

/** An entry's bytes in an encoding; its gzip is made on the first ask (~1 ms for a 70 KB page). */
export function bodyIn(entry: Entry, encoding: "identity" | "gzip" | "br"): Buffer {
  if (encoding === "gzip") entry.gzip ??= gzipSync(entry.identity, { level: 9 });
  return entry[encoding] as Buffer;
}

/**
 * The entries and the renders in flight, by key. An entry older than `ttlMs` is not answered
 * (scheduled posts appear without a change); past `maxEntries` the least recently used goes.
 */
export function createPageStore({
  ttlMs,
  maxEntries,
  recompressAfterMs = RECOMPRESS_AFTER_MS,
}: {
  ttlMs: number;
  maxEntries: number;
  recompressAfterMs?: number;
}) {
  const entries = new Map<string, Entry>();
  const flights = new Map<string, Flight>();

  /** A page asked for again is worth the best brotli: made once, off the request's path. */
  function recompressWhenPopular(key: string, entry: Entry) {
    if (entry.recompressing || ++entry.hits < RECOMPRESS_AT_HIT) return;
    if (Date.now() - entry.storedAt < recompressAfterMs) return;
    entry.recompressing = true;
    brotliAt(BEST_BROTLI_QUALITY, entry.identity).then(
      (br) => {
        if (entries.get(key) === entry) entry.br = br;
      },
      () => {}, // the first brotli stays
    );
  }

  return {
    /** The fresh entry of `key`, counted as a hit (the most recently used stays longest). */
    hit(key: string): Entry | null {
      const entry = entries.get(key);
      if (!entry || Date.now() - entry.storedAt >= ttlMs) return null;
      entries.delete(key);
      entries.set(key, entry);
      recompressWhenPopular(key, entry);
      return entry;
    },

    store(key: string, entry: Entry) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, entry);
    },

    /** The render in flight for `key`, if any. */
    flight: (key: string) => flights.get(key),

    /** Keeps `flight` as the render of `key` until it settles. */
    fly(key: string, flight: Flight) {
      flights.set(key, flight);
      flight.entry.finally(() => {
        if (flights.get(key) === flight) flights.delete(key);
      });
    },

    /** Forgets the pages a change concerns; without an event (changes may be missed), every page. */
    invalidate(event?: ChangeEvent) {
      const concernsPage = (page: LivePage) => !event || concerns(event, page);
      for (const [key, entry] of entries) if (concernsPage(entry.page)) entries.delete(key);
      for (const [key, flight] of flights) {
        if (concernsPage(flight.page)) {
          flight.stale = true;
          flights.delete(key);
        }
      }
    },

    get size() {
      return entries.size;
    },
  };
}
