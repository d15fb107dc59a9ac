import { CalendarDays, CalendarPlus, Clock, MapPin, Users } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/shared/cn";
import { formatDate, formatHijriDate, isoDate } from "~/shared/dates";
import { riyadhTime } from "~/shared/event-dates";
import { eventCalendarPath } from "~/shared/events";

/** When an event is, in Riyadh time, in the Gregorian and the Umm al-Qura calendars. */
export function EventWhen({
  startsAt,
  endsAt,
}: {
  startsAt: Date | string;
  endsAt: Date | string;
}) {
  return (
    <>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden className="size-5 shrink-0 text-primary" />
        <time dateTime={isoDate(startsAt)}>{formatDate(startsAt)}</time>
        <span className="text-muted">({formatHijriDate(startsAt)})</span>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden className="size-5 shrink-0 text-primary" />
        <span>
          من {riyadhTime(startsAt)} إلى <time dateTime={isoDate(endsAt)}>{riyadhTime(endsAt)}</time>{" "}
          بتوقيت الرياض
        </span>
      </span>
    </>
  );
}

export function EventPlace({ place, mapUrl }: { place: string; mapUrl?: string | null }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <MapPin aria-hidden className="size-5 shrink-0 text-primary" />
      <span>{place}</span>
      {mapUrl && (
        <a
          href={mapUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center font-medium text-primary-dark underline"
        >
          الموقع على الخريطة
        </a>
      )}
    </span>
  );
}

/** Seats left, said politely; `live` makes screen readers hear it change. */
export function SeatsLeft({
  left,
  open,
  over,
  className,
  live = false,
}: {
  left: number;
  open: boolean;
  over: boolean;
  className?: string;
  live?: boolean;
}) {
  const text = over
    ? "انتهت الفعالية"
    : !open
      ? "التسجيل مغلق"
      : left === 0
        ? "اكتملت المقاعد — يمكنك التسجيل في قائمة الانتظار"
        : left === 1
          ? "بقي مقعد واحد"
          : left === 2
            ? "بقي مقعدان"
            : `المقاعد المتبقية: ${left}`;
  return (
    <span
      className={cn("inline-flex items-center gap-1.5 font-medium", className)}
      data-testid="seats-left"
      aria-live={live ? "polite" : undefined}
    >
      <Users aria-hidden className="size-5 shrink-0 text-primary" />
      {text}
    </span>
  );
}

/** Downloads the event's .ics file, for the visitor's own calendar. */
export function AddToCalendarLink({ slug }: { slug: string }) {
  return (
    <a href={eventCalendarPath(slug)} download className={buttonClass("outline", "default")}>
      <CalendarPlus aria-hidden className="size-5" />
      أضف إلى التقويم
    </a>
  );
}
