import {
  CONTENT_TYPES,
  type ContentTypeName,
  DASHBOARD_PATH as DASHBOARD,
  staffSection,
} from "~/shared/content-types";

/** Each content type's list, new and edit addresses, from its declaration (docs/decisions/063). */
const CONTENT_SECTIONS = Object.fromEntries(
  Object.values(CONTENT_TYPES).map((type) => [type.name, staffSection(type.name)]),
) as Record<ContentTypeName, ReturnType<typeof staffSection>>;

/**
 * Every address inside the staff area, in the one /admin/dashboard/… family (the spec's
 * second family, /admin/posts/…, only redirects here). Link to these, never to literals.
 */
export const STAFF_PATHS = {
  ...CONTENT_SECTIONS,
  landing: "/admin",
  overview: DASHBOARD,
  categories: `${DASHBOARD}/categories`,
  volunteers: `${DASHBOARD}/volunteers`,
  volunteersExport: `${DASHBOARD}/volunteers/export`,
  surveys: `${DASHBOARD}/surveys`,
  surveysExport: `${DASHBOARD}/surveys/export`,
  subscribers: `${DASHBOARD}/subscribers`,
  subscribersExport: `${DASHBOARD}/subscribers/export`,
  users: `${DASHBOARD}/users`,
  campaigns: {
    ...CONTENT_SECTIONS.campaigns,
    view: (id: string) => `${DASHBOARD}/campaigns/${id}`,
  },
  settings: `${DASHBOARD}/settings`,
  // Events (docs/decisions/052).
  eventRegistrations: (id: string) => `${DASHBOARD}/events/${id}/registrations`,
  eventRegistrationsExport: (id: string) => `${DASHBOARD}/events/${id}/registrations/export`,
  menus: `${DASHBOARD}/menus`,
  privacy: `${DASHBOARD}/privacy`,
  privacyExport: `${DASHBOARD}/privacy/export`,
  // Reading statistics (docs/decisions/074).
  statistics: `${DASHBOARD}/statistics`,
  statisticsExport: `${DASHBOARD}/statistics/export`,
  // Forms built by staff (docs/decisions/071).
  formAnswers: (id: string) => `${DASHBOARD}/forms/${id}/answers`,
  formAnswersExport: (id: string) => `${DASHBOARD}/forms/${id}/answers/export`,
  formAnswerFile: (fileId: string) => `${DASHBOARD}/forms/files/${fileId}`,
  // Requests the association follows up (docs/decisions/072).
  requests: `${DASHBOARD}/requests`,
  requestsExport: `${DASHBOARD}/requests/export`,
  request: (id: string) => `${DASHBOARD}/requests/${id}`,
  // The audit log of staff actions, administrators only (docs/decisions/075).
  auditLog: `${DASHBOARD}/audit-log`,
  auditLogExport: `${DASHBOARD}/audit-log/export`,
  profile: "/profile",
  site: "/",
  logout: "/logout",
} as const;
