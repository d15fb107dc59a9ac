import { parseWithZod } from "@conform-to/zod/v4";
import { Video } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, useFetcher, useLoaderData } from "react-router";
import { z } from "zod";
import { StaffListScreen } from "~/components/admin/list-screen";
import {
  CategoryBadge,
  MediaCard,
  MediaGrid,
  MediaGridItem,
  mediaFacts,
} from "~/components/admin/media-card";
import { StaffRowActions } from "~/components/admin/row-actions";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
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
import { runListMutation } from "~/services/staff-actions.server";
import { loadStaffPage } from "~/services/staff-pages.server";
import type { ActionResult } from "~/shared/action-result";
import type { Actor } from "~/shared/roles";
import { readFormData } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "الفيديوهات | جمعية رفق" }];

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
  const view = parseWithZod(form, { schema: viewSchema });
  if (view.status === "success") return countView(actor, view.value.id);
  return runListMutation(
    request,
    {
      "publish-toggle": {
        run: toggleVideoStatus,
        success: { type: "success", title: "تم التحديث", description: "تم تحديث حالة الفيديو" },
        failure: "فشل في تحديث حالة الفيديو",
      },
      delete: {
        run: deleteVideo,
        success: { type: "success", title: "تم الحذف", description: "تم حذف الفيديو نهائياً" },
        failure: "فشل في حذف الفيديو",
      },
    },
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

function VideoCard({ video }: { video: StaffVideoRow }) {
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
      actions={
        <StaffRowActions
          row={video}
          editTo={STAFF_PATHS.videos.edit(video.id)}
          deleteMessage={DELETE_CONFIRMATION}
        />
      }
    />
  );
}

export default function VideosList() {
  const { videos, q, loadError, ...pages } = useLoaderData<typeof loader>();
  return (
    <StaffListScreen
      title="الفيديوهات"
      description="أضف مقاطع الجمعية من يوتيوب، وانشرها لتظهر في معرض الوسائط."
      addNew={{ to: STAFF_PATHS.videos.new, label: "فيديو جديد" }}
      search={{
        label: "ابحث في الفيديوهات",
        placeholder: "عنوان أو كلمة من الوصف",
        active: Boolean(q),
      }}
      loadError={loadError}
      pages={{
        ...pages,
        label: "صفحات الفيديوهات",
        newer: "الفيديوهات الأحدث",
        older: "الفيديوهات الأقدم",
      }}
      empty={{
        icon: Video,
        title: "لا توجد فيديوهات بعد",
        text: "لم يُضف أي فيديو حتى الآن. أضف رابط مقطع من يوتيوب ليظهر في معرض الوسائط.",
        addFirstLabel: "أضف أول فيديو",
      }}
    >
      <MediaGrid grid="wide" label="قائمة الفيديوهات">
        {videos.map((video) => (
          <MediaGridItem key={video.id}>
            <VideoCard video={video} />
          </MediaGridItem>
        ))}
      </MediaGrid>
    </StaffListScreen>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
