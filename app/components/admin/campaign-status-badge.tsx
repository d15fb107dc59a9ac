import { CalendarClock, CircleCheck, FilePen, Send } from "lucide-react";
import { cn } from "~/shared/cn";
import type { CampaignStatus } from "~/shared/statuses";

const STYLES: Record<CampaignStatus, { className: string; icon: typeof CircleCheck }> = {
  draft: { className: "bg-accent-light text-[#7a5513]", icon: FilePen },
  scheduled: { className: "bg-surface text-ink ring-1 ring-line", icon: CalendarClock },
  sending: { className: "bg-primary-light text-primary-dark", icon: Send },
  sent: { className: "bg-primary-light text-primary-dark", icon: CircleCheck },
};

/** A campaign's status as words and an icon (never colour alone); `label` may add its progress. */
export function CampaignStatusBadge({ status, label }: { status: CampaignStatus; label: string }) {
  const { className, icon: Icon } = STYLES[status];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap",
        className,
      )}
    >
      <Icon aria-hidden className="size-4" />
      {label}
    </span>
  );
}
