/** The accounts every end-to-end spec may sign in as (created before the server starts). */
export const ACCOUNTS = {
  admin: { fullName: "مدير الجمعية", email: "admin@rifq.test", password: "Admin-pass-2026" },
  editor: { fullName: "محرر المحتوى", email: "editor@rifq.test", password: "Editor-pass-2026" },
  viewer: { fullName: "مشاهد الموقع", email: "viewer@rifq.test", password: "Viewer-pass-2026" },
} as const;

export type AccountName = keyof typeof ACCOUNTS;

/** The published event every e2e server holds (docs/decisions/052): its page is a public page. */
export const SEEDED_EVENT_SLUG = "e2e-event";
/** The event tests/e2e/events.e2e.ts registers for, with few seats: its seats go down live. */
/** The open request form with one answer and its request every e2e server holds (decision 071). */
export const SEEDED_FORM_SLUG = "e2e-home-visit";
export const RACE_EVENT_SLUG = "e2e-small-event";
