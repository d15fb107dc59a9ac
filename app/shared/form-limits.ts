/**
 * The longest text a staff form takes (about 8,000 words): a post's content, a page's texts, an
 * event's description, a campaign's body. Each route's body cap is derived from it and from its
 * file fields' limits (app/utils/body-caps.server.ts, docs/decisions/070).
 */
export const LONG_TEXT_MAX_LENGTH = 50_000;
