import { Archive, CircleCheck, FilePen } from "lucide-react";
import { cn } from "~/shared/cn";
import { type PostStatus, STATUS_LABELS } from "~/shared/post-status";

const STYLES: Record<PostStatus, { className: string; icon: typeof CircleCheck }> = {
  published: { className: "bg-primary-light text-primary-dark", icon: CircleCheck },
  draft: { className: "bg-accent-light text-[#7a5513]", icon: FilePen },
  archived: { className: "bg-surface text-muted ring-1 ring-line", icon: Archive },
};

/** The status of a post or video, as a word and an icon (never colour alone). */
export function StatusBadge({ status, className }: { status: PostStatus; className?: string }) {
  const { className: tone, icon: Icon } = STYLES[status];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap",
        tone,
        className,
      )}
    >
      <Icon aria-hidden className="size-4" />
      {STATUS_LABELS[status]}
    </span>
  );
}
