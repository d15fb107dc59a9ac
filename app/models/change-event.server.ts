import type { StoredBlock } from "~/shared/content-blocks";

/** What a content table's trigger announces (database/migrations/0001 and 0003). */
export interface ChangeEvent {
  table: "page_content" | "site_settings" | "posts" | "videos" | "images";
  op: "INSERT" | "UPDATE" | "DELETE";
  key: string | null;
  page_path?: string | null;
  /**
   * Sent by the scheduler (scheduled-posts.server.ts), not a trigger: this post has just come
   * due. Every process announces it, so the public hears only the first of them.
   */
  due?: true;
}

/**
 * What the session triggers announce (database/migrations/0009): a session ended, or a user's
 * role, name or address changed. Each process forgets the sessions it keeps; it is never streamed
 * to browsers and clears no cached page (docs/decisions/038).
 */
export interface SessionsChanged {
  table: "sessions";
  op: "UPDATE" | "DELETE";
}

/** Every notification on the changes channel. */
export type ChannelEvent = ChangeEvent | SessionsChanged;

export const isSessionsChanged = (event: ChannelEvent): event is SessionsChanged =>
  event.table === "sessions";

/** A change with the new value a page shows, so open pages apply it without a request. */
export type ChangeWithValue = ChangeEvent & {
  /** A page text as now stored (sanitized); null: back to its built-in default. */
  block?: StoredBlock | null;
  /** A public setting as pages read it (over its default). */
  value?: unknown;
};
