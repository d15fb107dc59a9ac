import { type ReactNode, useEffect, useRef } from "react";
import { data, useFetcher, useLoaderData } from "react-router";
import { z } from "zod";
import { listMeta } from "~/components/admin/list-screen";
import { CategoryBadge, MediaCard, mediaFacts } from "~/components/admin/media-card";
import { StaffMediaList } from "~/components/admin/media-list";
import { StatusBadge } from "~/components/admin/status-badge";
import { VideoPlayer } from "~/components/admin/video-player";
import { ErrorScreen } from "~/components/error-screen";
import {
  countVideoView,
  deleteVideo,
  listVideosForStaff,
  STAFF_VIDEOS_PAGE_SIZE,
  type StaffVideoRow,
  toggleVideoStatus,
} from "~/models/videos.server";
import { failureStatus } from "~/services/error-answers.server";
import { getStaffActor } from "~/services/permissions.server";
import { listMutations, runListMutation } from "~/services/staff-actions.server";
import { loadStaffPage } from "~/services/staff-pages.server";
import type { ActionResult } from "~/shared/action-result";
import { CONTENT_TYPES } from "~/shared/content-types";
import { parseForm } from "~/shared/form-validation";
import type { Actor } from "~/shared/roles";
import { readFormData } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = listMeta(CONTENT_TYPES.videos);

const DELETE_CONFIRMATION =
  "هل أنت متأكد من حذف هذا الفيديو؟ لا يمكن التراجع عن هذا الإجراء وسيتم حذفه نهائياً.";
const LOAD_FAILED = "فشل في تحميل الفيديوهات";

/** Spec §2.7: the videos, for editors and admins (docs/decisions/020). */
export async function loader({ request }: Route.LoaderArgs) {
  const { items, ...list } = await loadStaffPage(request, {
    list: listVideosForStaff,
    pageSize: STAFF_VIDEOS_PAGE_SIZE,
    loadFailed: LOAD_FAILED,
    what: "videos",
  });
  return { videos: items, ...list };
}

/** A player finished loading in the list: `intent=view` with the video's `id`. */
const viewSchema = z.object({ intent: z.literal("view"), id: z.string().min(1).max(100) });

/**
 * Counts a view (spec §4). Never a toast and never the error page: whatever happens the list
 * stays as it is, and a failure is only logged — here and, as a warning, in the browser.
 */
async function countView(actor: Actor | null, id: string) {
  try {
    await countVideoView(actor, id);
    return data<ActionResult>({ ok: true });
  } catch (error) {
    const status = failureStatus(error);
    // A refused or missing video is the caller's; only a real failure is worth a warning.
    if (status >= 500) logger.warn({ err: error, id, status }, "a video view was not counted");
    return data<ActionResult>({ ok: false, message: "لم تُحتسب المشاهدة" }, { status });
  }
}

/** Row buttons: `intent` = publish-toggle | delete | view, with the video's `id`. */
export async function action({ request }: Route.ActionArgs) {
  // The staff gate first: it sends an admin who must set up two-factor sign-in there.
  const actor = await getStaffActor(request);
  const form = await readFormData(request);
  const view = parseForm(form, { schema: viewSchema });
  if (view.status === "success") return countView(actor, view.value.id);
  return runListMutation(
    request,
    listMutations(CONTENT_TYPES.videos, { toggle: toggleVideoStatus, remove: deleteVideo }),
    form,
  );
}

/** Sends one view of `id` the first time its player loads; a refusal is only logged. */
function useViewCounter(id: string) {
  const fetcher = useFetcher<ActionResult>();
  const counted = useRef(false);
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) {
      console.warn(`video ${id}: the view was not counted (${fetcher.data.message})`);
    }
  }, [fetcher.data, id]);
  return () => {
    // The player may load again inside its frame; one press of play is one view.
    if (counted.current) return;
    counted.current = true;
    fetcher.submit({ intent: "view", id }, { method: "post" });
  };
}

function VideoCard({ video, actions }: { video: StaffVideoRow; actions: ReactNode }) {
  const countView = useViewCounter(video.id);
  return (
    <MediaCard
      media={
        <VideoPlayer youtubeId={video.youtubeId} title={video.title} onPlayerLoad={countView} />
      }
      badges={
        <>
          <StatusBadge status={video.status} />
          <CategoryBadge name={video.categoryName} />
        </>
      }
      title={video.title}
      description={video.description}
      facts={[
        mediaFacts.author(video.authorName),
        mediaFacts.views(video.viewsCount),
        mediaFacts.created(video.createdAt),
        mediaFacts.updated(video.updatedAt),
      ]}
      actions={actions}
    />
  );
}

export default function VideosList() {
  const { videos, q, loadError, ...pages } = useLoaderData<typeof loader>();
  return (
    <StaffMediaList
      type={CONTENT_TYPES.videos}
      grid="wide"
      label="قائمة الفيديوهات"
      rows={videos}
      deleteMessage={DELETE_CONFIRMATION}
      searching={Boolean(q)}
      loadError={loadError}
      page={pages}
      card={(video, actions) => <VideoCard video={video} actions={actions} />}
    />
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
