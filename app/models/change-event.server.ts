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

/** A change with the new value a page shows, so open pages apply it without a request. */
export type ChangeWithValue = ChangeEvent & {
  /** A page text as now stored (sanitized); null: back to its built-in default. */
  block?: StoredBlock | null;
  /** A public setting as pages read it (over its default). */
  value?: unknown;
};
