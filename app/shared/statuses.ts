/**
 * The closed vocabularies of stored rows (roles, statuses, audiences). The database schema builds
 * its enum columns from them, and screens on both sides read them from here.
 */
export const roles = ["viewer", "editor", "admin"] as const;
export type Role = (typeof roles)[number];

export const postStatuses = ["draft", "published", "archived"] as const;
export type PostStatus = (typeof postStatuses)[number];

export const videoStatuses = ["draft", "published"] as const;
export type VideoStatus = (typeof videoStatuses)[number];

export const volunteerStatuses = ["new", "contacted", "accepted", "declined"] as const;
export type VolunteerStatus = (typeof volunteerStatuses)[number];

export const surveyAudiences = ["visitors", "beneficiaries"] as const;
export type SurveyAudience = (typeof surveyAudiences)[number];
