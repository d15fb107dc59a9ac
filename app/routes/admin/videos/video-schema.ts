import { z } from "zod";
import type { VideoStatus } from "~/shared/statuses";
import { oneLineText, optionalParagraphs } from "~/shared/text-fields";
import { extractYoutubeId } from "~/shared/youtube";

/** A video is a draft or published (spec §4); a new one starts as a draft. */
export const VIDEO_STATUSES = ["draft", "published"] as const satisfies VideoStatus[];
const TITLE_REQUIRED = "عنوان الفيديو مطلوب";
const YOUTUBE_REQUIRED = "رابط يوتيوب مطلوب";

/**
 * The video form (spec §2.7, §5), shared by the browser and the server. `youtubeId` takes a
 * YouTube link or a bare id and comes out as the id (or as typed, when no id can be found).
 */
export const videoFormSchema = z.object({
  title: oneLineText(200, {
    required: TITLE_REQUIRED,
    tooLong: "العنوان يجب ألا يزيد على 200 حرف",
  }),
  description: optionalParagraphs(2000, "الوصف يجب ألا يزيد على 2000 حرف"),
  youtubeId: oneLineText(500, {
    required: YOUTUBE_REQUIRED,
    tooLong: "الرابط طويل جداً، الصق رابط الفيديو كما يظهر في يوتيوب",
  }).transform(extractYoutubeId),
  categoryId: z.uuid({ error: "اختر تصنيفاً من القائمة" }).optional(),
  status: z.enum(VIDEO_STATUSES, { error: "اختر حالة الفيديو" }).default("draft"),
});

export type VideoFormValues = z.infer<typeof videoFormSchema>;
