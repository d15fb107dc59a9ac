import type { Params } from "react-router";
import {
  blocksText,
  createPage,
  getPageForStaff,
  listPageRevisions,
  updatePage,
} from "~/models/pages.server";
import { getStaffActor } from "~/services/permissions.server";
import { loadStaffForm } from "~/services/staff-forms.server";
import type { PageFormValues } from "~/shared/page-blocks";
import { pagePublicPath } from "~/shared/page-blocks";
import type { Actor } from "~/shared/roles";
import { now } from "~/utils/clock.server";
import { toPostHtml } from "~/utils/rich-text.server";

/** The page form's loader (new and edit): the page, its revisions, and whether it is scheduled. */
export async function loadPageForm(request: Request, params: Params) {
  const { entry, loadError } = await loadStaffForm(request, params, {
    load: getPageForStaff,
    loadFailed: "فشل في تحميل بيانات الصفحة",
    notFoundMessage: "الصفحة غير موجودة",
    what: "page",
  });
  if (!entry)
    return {
      page: null,
      loadError,
      revisions: [],
      currentText: "",
      scheduledFor: null,
      publicPath: null,
    };
  const actor = await getStaffActor(request);
  const revisions = await listPageRevisions(actor, entry.id).catch(() => []);
  const scheduled = entry.status === "published" && entry.publishedAt && entry.publishedAt > now();
  return {
    page: {
      ...entry,
      // Rich texts are sanitized again on the way out: one allowlist for save and render.
      blocks: entry.blocks.map((block) =>
        block.type === "text" ? { ...block, html: toPostHtml(block.html) } : block,
      ),
      updatedAt: entry.updatedAt.toISOString(),
    },
    loadError,
    revisions: revisions.map(({ blocks, ...revision }) => ({
      ...revision,
      text: blocksText(blocks),
    })),
    currentText: blocksText(entry.blocks),
    scheduledFor: scheduled ? entry.publishedAt : null,
    publicPath: entry.status === "published" ? pagePublicPath(entry.slug) : null,
  };
}

/** Creates the page (no `id`) or updates it; image blocks' new files are stored on the way. */
export function savePage(actor: Actor, value: PageFormValues, id?: string) {
  const { version, publishAt, ...fields } = value;
  const input = { ...fields, publishAt: publishAt ?? null };
  return id ? updatePage(actor, id, input, version) : createPage(actor, input);
}
