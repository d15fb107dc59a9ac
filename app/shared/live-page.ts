import { SHARED_BLOCK_PATH, toPagePath } from "./content-blocks";
import type { ListTable, LivePage } from "./live-event";

/**
 * The page at an address (a browser path, or the page of a data request) showing `lists`. Apart
 * from live-event.ts so the reading boot, which is handed its page, bundles no page-text code.
 */
export const livePageAt = (pathname: string, lists: readonly ListTable[]): LivePage => ({
  pagePath: toPagePath(pathname),
  sharedPath: SHARED_BLOCK_PATH,
  lists,
});
