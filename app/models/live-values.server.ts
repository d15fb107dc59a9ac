import { readPageCardLists } from "~/models/content-lists.server";
import { readPageBlocks } from "~/models/page-content.server";
import { readAllSettings, SETTING_DEFAULTS } from "~/models/site-settings.server";
import { blockId } from "~/shared/content-blocks";
import type { ChangeEvent, ChangeWithValue } from "~/shared/live-event";
import type { SettingKey } from "~/shared/site-settings";
import { logger } from "~/utils/logger.server";

/** The settings a signed-out visitor may see (the site_settings table holds others too). */
export const isPublicSettingKey = (key: string | null | undefined): key is SettingKey =>
  typeof key === "string" && Object.hasOwn(SETTING_DEFAULTS, key);

/**
 * Adds the new value of a page text or public setting to its change event, read once per change
 * for every open page (docs/decisions/026). Other changes, and a failed read, go as they are:
 * pages then fetch what they show.
 */
export async function withNewValue(event: ChangeEvent): Promise<ChangeWithValue> {
  try {
    if (event.table === "page_content" && event.page_path && event.key) {
      const blocks = await readPageBlocks(event.page_path);
      return { ...event, block: blocks[blockId(event.page_path, event.key)] ?? null };
    }
    if (event.table === "content_lists" && event.page_path && event.key) {
      const lists = await readPageCardLists(event.page_path);
      return { ...event, list: lists[blockId(event.page_path, event.key)] ?? null };
    }
    if (event.table === "site_settings" && isPublicSettingKey(event.key)) {
      const settings = await readAllSettings();
      return { ...event, value: settings[event.key] };
    }
  } catch (error) {
    logger.warn({ err: error }, "reading a changed value for realtime failed");
  }
  return event;
}
