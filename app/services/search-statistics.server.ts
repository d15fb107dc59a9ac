import { isbot } from "isbot";
import { countReading } from "~/models/reading-counts.server";
import { countedSearch, STATISTIC_KINDS } from "~/shared/statistics";

/**
 * A reader's site search, for the reading statistics (docs/decisions/074): its normalised text,
 * and again under "without result" when nothing was found. Only a search's first page counts
 * (the next pages are the same search), and robots not at all.
 */
export function countSiteSearch(request: Request, query: string, page: number, found: number) {
  if (page !== 1 || isbot(request.headers.get("user-agent") ?? "")) return;
  const key = countedSearch(query);
  if (!key) return;
  countReading(STATISTIC_KINDS.search, key);
  if (found === 0) countReading(STATISTIC_KINDS.searchMiss, key);
}
