import { cn } from "~/shared/cn";

/** The rich-text editor's place while its code or its document is on the way. */
export function EditorLoading({ media = true }: { media?: boolean }) {
  return (
    <div
      aria-busy="true"
      className={cn(
        "flex items-center justify-center rounded-xl border border-line bg-white text-base text-ink",
        media ? "min-h-80" : "min-h-32",
      )}
    >
      جارٍ تحميل المحرر…
    </div>
  );
}
