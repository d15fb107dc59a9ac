import { type CountedPage, pageFrom } from "~/shared/pagination";
import type { Actor } from "~/shared/roles";
import { loadStaffList } from "./staff-actions.server";

export interface StaffPageLoad<T> {
  /** One page of the list matching the search `q`, counted (e.g. listVideosForStaff). */
  list(actor: Actor, query: { q: string; page: number }): Promise<CountedPage<T>>;
  pageSize: number;
  /** The spec's message when the list could not be loaded, e.g. 'فشل في تحميل الفيديوهات'. */
  loadFailed: string;
  /** What the list holds, for the logs ("videos", "gallery images"). */
  what: string;
}

/**
 * The loader of a searchable, counted staff list (videos, images): the search `?q=` and
 * `?page=` of the address, one page of rows, how many there are and on how many pages — or
 * `loadError` over an empty page (loadStaffList).
 */
export async function loadStaffPage<T>(
  request: Request,
  { list, pageSize, loadFailed, what }: StaffPageLoad<T>,
) {
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const page = pageFrom(request.url);
  const { items, loadError } = await loadStaffList(request, {
    list: async (actor) => [await list(actor, { q, page })],
    loadFailed,
    what,
  });
  const total = items[0]?.total ?? 0;
  return {
    items: items[0]?.items ?? [],
    page,
    hasMore: items[0]?.hasMore ?? false,
    total,
    pageCount: Math.ceil(total / pageSize),
    q,
    loadError,
  };
}
