import { DATE_LOCALE } from "./dates";

// The events' clock face (docs/decisions/052): hours in Riyadh time, as app/shared/dates.ts
// formats the days.

const time = new Intl.DateTimeFormat(DATE_LOCALE, {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Riyadh",
});

/** "9:30 ص" */
export const riyadhTime = (value: Date | string) =>
  time.format(value instanceof Date ? value : new Date(value));

/** Whether an event is over at `at`. */
export const isOver = (event: { endsAt: Date | string }, at: Date) =>
  new Date(event.endsAt).getTime() < at.getTime();
