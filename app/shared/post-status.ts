import type { PostStatus } from "./statuses";

export type { PostStatus };

/** Statuses in the order the form offers them; a new post starts as a draft (spec §4, §9). */
export const POST_STATUSES = ["draft", "published", "archived"] as const satisfies PostStatus[];
export const DEFAULT_POST_STATUS: PostStatus = "draft";

/** Labels of every content status (posts use all three, videos draft and published). */
export const STATUS_LABELS: Record<PostStatus, string> = {
  draft: "مسودة",
  published: "منشور",
  archived: "مؤرشف",
};

/** The list's publish toggle: published becomes draft; draft or archived becomes published. */
export function toggledStatus(status: PostStatus): "draft" | "published" {
  return status === "published" ? "draft" : "published";
}

/**
 * published_at for a post saved with `status`: null unless published; a post that was
 * already published keeps its original date, anything else is published now.
 */
export function publishedAtFor(
  status: PostStatus,
  previous: Date | null = null,
  now: Date = new Date(),
): Date | null {
  if (status !== "published") return null;
  return previous ?? now;
}
