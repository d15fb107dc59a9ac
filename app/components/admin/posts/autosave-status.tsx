const timeFormat = new Intl.DateTimeFormat("ar-SA-u-nu-latn", {
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "Asia/Riyadh",
});

/** When the last draft was kept, read out politely by screen readers. */
export function AutosaveStatus({ savedAt }: { savedAt: Date | null }) {
  return (
    <p aria-live="polite" className="text-sm text-muted">
      {savedAt ? `حُفظت مسودة تلقائياً الساعة ${timeFormat.format(savedAt)}` : ""}
    </p>
  );
}
