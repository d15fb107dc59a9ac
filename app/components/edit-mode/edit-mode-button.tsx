import { LoaderCircle, PencilLine, PencilOff } from "lucide-react";
import { Tooltip } from "radix-ui";
import { cn } from "~/shared/cn";
import { EDIT_CONTROLS_HINT_ID, useEditMode } from "./edit-mode-state";

export const EDIT_MODE_LABELS = {
  enable: "تفعيل وضع التحرير",
  disable: "إيقاف وضع التحرير",
  checking: "جارٍ التحقق من صلاحية التحرير",
  hint: "وضع التحرير مفعّل: انقر على أي نص لتعديله",
  controls: "تنتقل الأسهم بين نصوص هذا القسم",
} as const;

/** Spec §9: tooltips open after 700 ms. */
const TOOLTIP_DELAY_MS = 700;

/**
 * The admins' round floating button (bottom-start corner) that turns edit mode on and off,
 * with the hint announced to screen readers while it is on.
 */
export function EditModeButton() {
  const { status, enabled, setEnabled } = useEditMode();
  if (status === "none") return null;
  const checking = status === "checking";
  const label = checking
    ? EDIT_MODE_LABELS.checking
    : enabled
      ? EDIT_MODE_LABELS.disable
      : EDIT_MODE_LABELS.enable;
  const Icon = checking ? LoaderCircle : enabled ? PencilOff : PencilLine;

  return (
    <div className="pointer-events-none fixed bottom-5 start-5 z-40 flex items-center gap-3 print:hidden">
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
        <Tooltip.Root>
          <Tooltip.Trigger asChild>
            <button
              type="button"
              aria-label={label}
              aria-pressed={checking ? undefined : enabled}
              aria-busy={checking || undefined}
              disabled={checking}
              onClick={() => setEnabled(!enabled)}
              data-testid="edit-mode-button"
              className={cn(
                "pointer-events-auto flex size-16 items-center justify-center rounded-full shadow-xl ring-4 ring-white transition",
                "disabled:cursor-progress disabled:opacity-80",
                enabled
                  ? "bg-accent text-white hover:brightness-110"
                  : "bg-primary text-white hover:bg-primary-dark",
              )}
            >
              <Icon aria-hidden className={cn("size-7", checking && "animate-spin")} />
            </button>
          </Tooltip.Trigger>
          <Tooltip.Portal>
            <Tooltip.Content
              side="top"
              sideOffset={8}
              className="z-50 rounded-lg bg-ink px-3 py-2 text-sm text-white shadow-lg"
            >
              {label}
              <Tooltip.Arrow className="fill-ink" />
            </Tooltip.Content>
          </Tooltip.Portal>
        </Tooltip.Root>
      </Tooltip.Provider>
      <p
        role="status"
        aria-live="polite"
        className={cn(
          "max-w-[calc(100vw-7.5rem)] rounded-2xl bg-ink/90 px-4 py-2 text-base text-white shadow-lg",
          !enabled && "sr-only",
        )}
      >
        {enabled ? EDIT_MODE_LABELS.hint : ""}
      </p>
      {/* The description of every edit control: one Tab stop per section, arrows within it. */}
      <span id={EDIT_CONTROLS_HINT_ID} hidden>
        {EDIT_MODE_LABELS.controls}
      </span>
    </div>
  );
}
