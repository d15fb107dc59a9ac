/**
 * The events' vocabulary, limits and addresses, shared by the schema, the screens and the
 * models (docs/decisions/052).
 */
export const eventStatuses = ["draft", "published"] as const;
export type EventStatus = (typeof eventStatuses)[number];

/** confirmed: holds seats; waiting: on the waiting list; cancelled: gave the seats back. */
export const registrationStatuses = ["confirmed", "waiting", "cancelled"] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  confirmed: "مؤكَّد",
  waiting: "قائمة الانتظار",
  cancelled: "ملغى",
};

/** One registration brings at most this many people (the registrant included). */
export const MAX_ATTENDEES = 10;
export const MAX_CAPACITY = 10_000;
/** Registrants' names and numbers are deleted this long after their event ended (decision 052). */
export const EVENT_REGISTRATION_RETENTION_DAYS = 90;

export const EVENTS_PATH = "/events";
export const eventPath = (slug: string) => `${EVENTS_PATH}/${encodeURIComponent(slug)}`;
export const eventCalendarPath = (slug: string) => `${eventPath(slug)}/calendar.ics`;
/** The confirmation and cancel page of one registration (its signed token). */
export const registrationPath = (token: string) =>
  `${EVENTS_PATH}/registration?token=${encodeURIComponent(token)}`;

/** Seats still free (never below zero). */
export const seatsLeft = (event: { capacity: number; seatsTaken: number }) =>
  Math.max(0, event.capacity - event.seatsTaken);
