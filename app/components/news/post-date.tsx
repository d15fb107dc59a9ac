import { CalendarDays as CalendarIcon } from "lucide-react";
import { lightIcon } from "~/components/ui/light-icon";
import { formatDate, formatHijriDate, isoDate } from "~/shared/dates";

/** On every card of the news lists: built once (docs/decisions/080). */
const CalendarDays = lightIcon(CalendarIcon);

/** A post's publication date; `withHijri` adds the Umm al-Qura date beside the Gregorian one. */
export function PostDate({ date, withHijri = false }: { date: Date | null; withHijri?: boolean }) {
  if (!date) return null;
  return (
    <span className="inline-flex items-center gap-1.5">
      <CalendarDays aria-hidden className="size-4 shrink-0" />
      <time dateTime={isoDate(date)}>{formatDate(date)}</time>
      {withHijri && (
        <>
          <span aria-hidden>·</span>
          <span>{formatHijriDate(date)}</span>
        </>
      )}
    </span>
  );
}
