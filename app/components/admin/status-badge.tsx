import { Archive, CalendarClock, CircleCheck, EyeOff, FilePen, Lock, Send } from "lucide-react";
import { lightIcon } from "~/components/ui/light-icon";
import { cn } from "~/shared/cn";
import { type ContentStatus, STATUS_WORDS } from "~/shared/content-types";

// Each row of a staff list draws one: built once (docs/decisions/080).
const Published = lightIcon(CircleCheck);
const STYLES: Record<ContentStatus, { className: string; icon: ReturnType<typeof lightIcon> }> = {
  published: { className: "bg-primary-light text-primary-dark", icon: Published },
  draft: { className: "bg-accent-light text-[#7a5513]", icon: lightIcon(FilePen) },
  archived: { className: "bg-surface text-muted ring-1 ring-line", icon: lightIcon(Archive) },
  hidden: { className: "bg-surface text-muted ring-1 ring-line", icon: lightIcon(EyeOff) },
  scheduled: { className: "bg-surface text-ink ring-1 ring-line", icon: lightIcon(CalendarClock) },
  sending: { className: "bg-primary-light text-primary-dark", icon: lightIcon(Send) },
  sent: { className: "bg-primary-light text-primary-dark", icon: Published },
  open: { className: "bg-primary-light text-primary-dark", icon: Published },
  closed: { className: "bg-surface text-muted ring-1 ring-line", icon: lightIcon(Lock) },
};

/**
 * The status of any content type's item, as a word and an icon (never colour alone). The word
 * is its declaration's (app/shared/content-types.ts); `label` may add to it (a campaign's progress).
 */
export function StatusBadge({
  status,
  label = STATUS_WORDS[status],
  className,
}: {
  status: ContentStatus;
  label?: string;
  className?: string;
}) {
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
      {label}
    </span>
  );
}
