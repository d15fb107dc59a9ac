import type { StoredBlock } from "./content-blocks";

/**
 * What a page needs to hear of a change on /realtime (server/realtime.ts): its table and, for a
 * page text, its page. A page text comes with its key and new value (`block`; null: back to the
 * default), a public setting with its key and new `value`: pages apply those without a request.
 * Staff streams carry the trigger's whole event (operation and row key too).
 */
export interface LiveEvent {
  table: string;
  page_path?: string | null;
  key?: string | null;
  block?: StoredBlock | null;
  value?: unknown;
}

/** The named event that tells open pages that changes may have been missed: re-run loaders. */
export const RESYNC_EVENT = "resync";
