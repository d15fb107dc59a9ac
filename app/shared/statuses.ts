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

/** A newsletter campaign's life (docs/decisions/051): "sending" while its queue has rows left. */
export const campaignStatuses = ["draft", "scheduled", "sending", "sent"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/**
 * One outgoing message's life in the mail queue (docs/decisions/051). "claimed": in a worker's
 * batch, not yet handed to SMTP (safe to take over when the lease ends); "sending": handed over,
 * outcome not yet recorded; "uncertain": a worker died while it was "sending" — never sent again.
 */
export const mailStatuses = [
  "queued",
  "claimed",
  "sending",
  "sent",
  "failed",
  "uncertain",
  "skipped",
] as const;
export type MailStatus = (typeof mailStatuses)[number];
/**
 * A queued message's address and text are kept this long after it finished (sent or given up),
 * then the mail worker lets go of them (docs/decisions/062; said on /privacy).
 */
export const MAIL_RETENTION_DAYS = 30;
