import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";

type CopyState = "idle" | "copied" | "failed";

/** The spec's confirmation (§2.2 /donate). */
export const COPIED_MESSAGE = "تم النسخ";
const FAILED_MESSAGE = "تعذّر النسخ، يرجى تحديد النص ونسخه يدوياً";
const CONFIRMATION_MS = 2500;

/** Copies with the Clipboard API, or with the older selection command where it is missing. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("copy command refused");
}

/**
 * A button that copies `value` and confirms with 'تم النسخ'. The confirmation is also
 * announced through a polite live region, so screen-reader users hear it.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      await copyText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
    timer.current = setTimeout(() => setState("idle"), CONFIRMATION_MS);
  }

  const copied = state === "copied";
  return (
    <span className="inline-flex shrink-0 flex-col items-start gap-1 print:hidden">
      <Button
        type="button"
        variant={copied ? "default" : "outline"}
        size="sm"
        onClick={copy}
        aria-label={label}
        className="min-h-11 min-w-28"
      >
        {copied ? (
          <Check aria-hidden className="size-4" />
        ) : (
          <Copy aria-hidden className="size-4" />
        )}
        <span aria-hidden>{copied ? COPIED_MESSAGE : "نسخ"}</span>
      </Button>
      <span
        role="status"
        aria-live="polite"
        className={state === "failed" ? "text-sm text-danger" : "sr-only"}
      >
        {state === "copied" ? COPIED_MESSAGE : state === "failed" ? FAILED_MESSAGE : ""}
      </span>
    </span>
  );
}
