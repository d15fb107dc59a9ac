import { getFormProps } from "@conform-to/react";
import { CircleCheck, TriangleAlert } from "lucide-react";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { FormLoadFailure } from "~/components/admin/form-load-failure";
import { FormShell, formMeta } from "~/components/admin/form-shell";
import { CategoryBadge } from "~/components/admin/media-card";
import { PlainTextParagraphs } from "~/components/admin/plain-text";
import { CategorySelect } from "~/components/admin/select-field";
import { StatusSelect } from "~/components/admin/staff-fields";
import { StatusBadge } from "~/components/admin/status-badge";
import { categoryNameOf, useStaffForm } from "~/components/admin/use-staff-form";
import { VideoPlayer } from "~/components/admin/video-player";
import { ErrorScreen } from "~/components/error-screen";
import { FieldErrors, InputField, TextareaField } from "~/components/ui/field";
import { createVideo, getVideoForStaff, updateVideo } from "~/models/videos.server";
import { loadStaffForm, staffFormAction } from "~/services/staff-forms.server";
import { CONTENT_TYPES } from "~/shared/content-types";
import { extractYoutubeId, isYoutubeId } from "~/shared/youtube";
import { VIDEO_STATUSES, videoFormSchema } from "./video-schema";

// This module serves two routes (videos/new and videos/:id/edit), so it types its arguments
// with the generic LoaderFunctionArgs/ActionFunctionArgs rather than a generated +types file.

const LOAD_FAILED = "فشل في تحميل بيانات الفيديو";
const SAVE_FAILED = "فشل في حفظ الفيديو";

export const meta = formMeta(CONTENT_TYPES.videos);

/** Editors and admins only (spec §2.4); viewers get the 403 screen. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { entry, ...form } = await loadStaffForm(request, params, {
    load: getVideoForStaff,
    loadFailed: LOAD_FAILED,
    notFoundMessage: "الفيديو غير موجود",
    what: "video",
  });
  return { video: entry, ...form };
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  staffFormAction(request, params, {
    schema: videoFormSchema,
    save: (actor, { description, categoryId, ...fields }, id) => {
      const input = { ...fields, description: description || null, categoryId: categoryId ?? null };
      return id ? updateVideo(actor, id, input) : createVideo(actor, input);
    },
    saveFailed: SAVE_FAILED,
    what: "video",
    type: CONTENT_TYPES.videos,
  });

/**
 * Under the link field, as it is typed: the id found in it and the video itself, or a warning
 * that no id was found (spec §5 then keeps the text as typed).
 */
function YoutubeLinkPreview({ typed, title }: { typed?: string; title?: string }) {
  const text = typed?.trim();
  if (!text) return null;
  const id = extractYoutubeId(text);
  if (!isYoutubeId(id)) {
    return (
      <p
        role="status"
        className="flex gap-2 rounded-xl bg-accent-light p-3 text-sm font-medium text-[#7a5513]"
      >
        <TriangleAlert aria-hidden className="size-5 shrink-0" />
        لم نجد فيديو من يوتيوب في هذا النص، وسيُحفظ كما كتبته. الصق رابط الفيديو من شريط العنوان أو
        من زر «مشاركة» في يوتيوب.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-primary-dark">
        <CircleCheck aria-hidden className="size-5 shrink-0" />
        <span>
          معرّف الفيديو: <bdi className="font-mono">{id}</bdi>
        </span>
      </p>
      <div className="overflow-hidden rounded-xl border border-line md:max-w-xl">
        <VideoPlayer youtubeId={id} title={title || "معاينة الفيديو"} start="at-once" />
      </div>
    </div>
  );
}

/** The video as the gallery will show it. */
function VideoPreview({
  title,
  description,
  typedLink,
  categoryName,
}: {
  title?: string;
  description?: string;
  typedLink?: string;
  categoryName: string | null;
}) {
  const id = typedLink?.trim() ? extractYoutubeId(typedLink) : "";
  return (
    <article dir="rtl" className="mx-auto max-w-3xl space-y-5">
      {id ? (
        <div className="overflow-hidden rounded-2xl">
          <VideoPlayer youtubeId={id} title={title || "معاينة الفيديو"} />
        </div>
      ) : (
        <p className="rounded-2xl bg-surface p-6 text-center text-muted">
          سيظهر الفيديو هنا بعد لصق رابطه.
        </p>
      )}
      <CategoryBadge name={categoryName} />
      <h2 className="text-3xl leading-snug text-primary-dark">{title || "عنوان الفيديو"}</h2>
      {description && (
        <PlainTextParagraphs text={description} className="space-y-4 text-lg leading-loose" />
      )}
    </article>
  );
}

export default function VideoForm() {
  const { video, categories, loadError } = useLoaderData<typeof loader>();
  const [form, fields] = useStaffForm({
    id: video ? `video-${video.id}` : "video-new",
    schema: videoFormSchema,
    loadError,
    defaultValue: video
      ? {
          title: video.title,
          description: video.description ?? "",
          youtubeId: video.youtubeId,
          categoryId: video.categoryId ?? "",
          status: video.status,
        }
      : { status: "draft" },
  });

  if (loadError) return <FormLoadFailure type={CONTENT_TYPES.videos} message={loadError} />;

  const status = VIDEO_STATUSES.find((value) => value === fields.status.value) ?? "draft";
  const categoryName = categoryNameOf(categories, fields.categoryId.value);
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormShell
        type={CONTENT_TYPES.videos}
        editing={Boolean(video)}
        badge={<StatusBadge status={status} />}
        saveLabel={video ? "حفظ التعديلات" : "حفظ الفيديو"}
        preview={
          <VideoPreview
            title={fields.title.value}
            description={fields.description.value}
            typedLink={fields.youtubeId.value}
            categoryName={categoryName}
          />
        }
      >
        <InputField label="عنوان الفيديو" meta={fields.title} />
        <div className="space-y-3">
          <InputField
            label="رابط يوتيوب"
            meta={fields.youtubeId}
            dir="ltr"
            inputMode="url"
            autoComplete="off"
            placeholder="https://www.youtube.com/watch?v=…"
            hint="الصق رابط الفيديو من يوتيوب (أو معرّفه المكوّن من 11 حرفاً)، وستظهر معاينته هنا."
          />
          <YoutubeLinkPreview typed={fields.youtubeId.value} title={fields.title.value} />
        </div>
        <TextareaField
          label="الوصف"
          meta={fields.description}
          rows={5}
          hint="سطور قليلة تعرّف بالفيديو، تظهر تحته في معرض الوسائط (اختياري)."
        />
        <div className="grid gap-5 md:grid-cols-2">
          <CategorySelect meta={fields.categoryId} categories={categories} />
          <StatusSelect meta={fields.status} type={CONTENT_TYPES.videos} />
        </div>
        <FieldErrors id={form.errorId} errors={form.errors} />
      </FormShell>
    </Form>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
