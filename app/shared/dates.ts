/**
 * The one place dates are formatted (docs/decisions/004-dates.md): Saudi Arabic locale,
 * Gregorian calendar with Arabic month names, Latin digits like the rest of the site's
 * figures, weeks starting on Saturday, and the Riyadh time zone so server and browser agree.
 */
export const DATE_LOCALE = "ar-SA-u-ca-gregory-nu-latn-fw-sat";
const TIME_ZONE = "Asia/Riyadh";

const longDate = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: TIME_ZONE,
});

const shortDate = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: TIME_ZONE,
});

const hijriDate = new Intl.DateTimeFormat("ar-SA-u-ca-islamic-umalqura-nu-latn", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: TIME_ZONE,
});

const dateTime = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: TIME_ZONE,
});

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "23 نوفمبر 2026" */
export const formatDate = (value: Date | string | number) => longDate.format(toDate(value));

/** Day, short month, year: the posts table's creation date (spec §2.5). */
export const formatShortDate = (value: Date | string | number) => shortDate.format(toDate(value));

/** The Umm al-Qura (Hijri) date, shown beside the Gregorian one on news pages. */
export const formatHijriDate = (value: Date | string | number) => hijriDate.format(toDate(value));

/** "23 نوفمبر 2026 في 3:05 م": where two events of one day must be told apart (text history). */
export const formatDateTime = (value: Date | string | number) => dateTime.format(toDate(value));

/** Machine-readable value for <time dateTime>. */
export const isoDate = (value: Date | string | number) => toDate(value).toISOString();

/** Riyadh is UTC+3 all year (no daylight saving time). */
const RIYADH_OFFSET = "+03:00";
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;

/** A date as a `datetime-local` value in Riyadh time ("2026-11-25T09:30"). */
export function toRiyadhInput(value: Date | string | number): string {
  return new Date(toDate(value).getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as Riyadh time, or null when it is not a date and time. */
export function fromRiyadhInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value}:00${RIYADH_OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date;
}
