/**
 * Long lists (the news, the staff lists) come a page at a time, so no page ever asks the database
 * for every row of a table: `?page=2` in the address, newest first (docs/decisions/027).
 */
export const PAGE_PARAM = "page";
/** The last page one may ask for: an offset beyond it would only make the database work. */
const MAX_PAGE = 10_000;

/** The page the address asks for: 1 unless `?page=` is a whole number from 1 to 10,000. */
export function pageFrom(url: URL | string): number {
  const raw = new URL(url, "http://localhost").searchParams.get(PAGE_PARAM) ?? "";
  const page = /^\d{1,5}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(page, 1), MAX_PAGE);
}

/** The SQL window of a page: one row more than shown, to know whether another page follows. */
export const pageWindow = (page: number, size: number) => ({
  limit: size + 1,
  offset: (page - 1) * size,
});

export interface Paged<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

/** The rows of a `pageWindow` query as the page shows them. */
export function toPaged<T>(rows: T[], page: number, size: number): Paged<T> {
  return { items: rows.slice(0, size), page, hasMore: rows.length > size };
}

/** A page of a list whose whole length the screen shows ("عدد الطلبات: 1,234"). */
export interface CountedPage<T> extends Paged<T> {
  total: number;
}

/** What a screen's paging links read of a counted page: how many, which page, and how many pages. */
export const pagingOf = ({ total, page, hasMore }: CountedPage<unknown>, size: number) => ({
  total,
  page,
  hasMore,
  pageCount: Math.ceil(total / size),
});

/**
 * Reads one page of `size` rows and the count of the whole list, so the screen can say how many
 * there are. A page that is not full ends the list, so its rows give the total and `count(*)` is
 * not run: a search that finds nothing or little scans its table once, not twice (a search of
 * 10,000 form answers that matches nothing was two full scans). Only a full page, or a page past
 * the end, counts.
 */
export async function readCountedPage<T>(
  page: number,
  size: number,
  read: {
    rows(window: { limit: number; offset: number }): Promise<T[]>;
    count(): Promise<number>;
  },
): Promise<CountedPage<T>> {
  const offset = (page - 1) * size;
  const items = await read.rows({ limit: size, offset });
  const endsHere = items.length < size && (items.length > 0 || page === 1);
  const total = endsHere ? offset + items.length : await read.count();
  return { items, page, hasMore: page * size < total, total };
}

/** The address of another page of the same list (other search parameters kept). */
export function pageHref(search: string, page: number, hash = ""): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(PAGE_PARAM);
  else params.set(PAGE_PARAM, String(page));
  const query = params.toString();
  return `?${query}${hash ? `#${hash}` : ""}`;
}
