import { CITIES } from "~/content/cities";
import { OTHER_CITY } from "~/content/volunteer";
import { type SurveyAudience, surveyAudiences, volunteerStatuses } from "./statuses";

/** The query strings of the outreach inboxes, read alike by each screen and its CSV export. */

/** The query string of the inbox: unknown values are ignored, not errors. */
export function volunteerFiltersOf(url: URL) {
  const status = url.searchParams.get("status");
  const city = url.searchParams.get("city");
  return {
    status: volunteerStatuses.find((value) => value === status),
    city: city && [OTHER_CITY.key, ...CITIES.map((c) => c.key)].includes(city) ? city : undefined,
    q: url.searchParams.get("q")?.slice(0, 100) || undefined,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (value: string | null) => {
  if (!value || !DATE.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00+03:00`);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** The survey and period of the query string (dates in Riyadh time, `to` inclusive). */
export function surveyRangeOf(url: URL) {
  const audience =
    surveyAudiences.find((value) => value === url.searchParams.get("audience")) ?? "visitors";
  const from = dateOf(url.searchParams.get("from"));
  const toDay = dateOf(url.searchParams.get("to"));
  return {
    audience: audience as SurveyAudience,
    from,
    to: toDay ? new Date(toDay.getTime() + DAY_MS) : undefined,
    fromText: from ? url.searchParams.get("from") : "",
    toText: toDay ? url.searchParams.get("to") : "",
  };
}
