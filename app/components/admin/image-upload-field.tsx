import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { ImageOff, ImageUp, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field";
import { cn } from "~/shared/cn";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from "~/shared/image-rules";

/** The browser-side check of a chosen file (the server decodes it again). */
export function imageFileProblem(file: File): string | null {
  if (file.type && !file.type.startsWith("image/")) return NOT_AN_IMAGE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

/**
 * An image upload with a preview and a remove button, bound to a Conform file field.
 * A wrong type or a file over 5 MB is refused as soon as it is chosen. Removing an image
 * that was already saved sends `removeName=on`, so the server drops it on save.
 * `onPreviewChange` tells a preview tab which image is shown, whenever the choice changes
 * (from event handlers only: a parent re-rendering on mount would drop Conform's field
 * subscriptions of the children).
 */
export function ImageUploadField({
  meta,
  label,
  hint = "JPG أو PNG أو GIF أو WebP، بحجم أقصاه 5 ميجابايت",
  currentUrl,
  removeName = "removeImage",
  onPreviewChange,
}: {
  meta: FieldMetadata<File | undefined>;
  label: string;
  hint?: string;
  /** The image saved with the item, if any. */
  currentUrl?: string | null;
  removeName?: string;
  onPreviewChange?: (url: string | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [chosenUrl, setChosenUrl] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const shown = chosenUrl ?? (removed ? null : (currentUrl ?? null));

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!chosenUrl) return;
    return () => URL.revokeObjectURL(chosenUrl);
  }, [chosenUrl]);

  function choose(file: File | undefined) {
    const refusal = file ? imageFileProblem(file) : null;
    setProblem(refusal);
    setFileName(file && !refusal ? file.name : null);
    if (!file || refusal) {
      if (input.current) input.current.value = "";
      setChosenUrl(null);
      onPreviewChange?.(removed ? null : (currentUrl ?? null));
      return;
    }
    const url = URL.createObjectURL(file);
    setChosenUrl(url);
    onPreviewChange?.(url);
  }

  function remove() {
    if (input.current) input.current.value = "";
    setChosenUrl(null);
    setProblem(null);
    setFileName(null);
    if (currentUrl) setRemoved(true);
    onPreviewChange?.(null);
    // The remove button goes away: focus moves to choosing another image, not to <body>.
    input.current?.focus();
  }

  const errors = problem ? [problem] : meta.errors;
  return (
    <div className="space-y-2">
      <label htmlFor={meta.id} className="block font-medium">
        {label}
      </label>
      <div className="overflow-hidden rounded-2xl border-2 border-dashed border-line bg-surface">
        {shown ? (
          <img
            src={shown}
            alt="معاينة الصورة المختارة"
            className="mx-auto max-h-72 w-full object-contain"
          />
        ) : (
          <div className="flex flex-col items-center gap-2 px-4 py-10 text-muted">
            {removed ? (
              <ImageOff aria-hidden className="size-10" />
            ) : (
              <ImageUp aria-hidden className="size-10" />
            )}
            <p>{removed ? "ستُحذف الصورة عند الحفظ" : "لم تُختر صورة بعد"}</p>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {/* The native input stays focusable but hidden; its Arabic button is the second label. */}
        <input
          ref={input}
          {...getInputProps(meta, { type: "file" })}
          key={meta.key}
          accept="image/*"
          aria-describedby={`${hintId}${errors?.length ? ` ${meta.errorId}` : ""}`}
          aria-invalid={errors?.length ? true : undefined}
          onChange={(event) => choose(event.currentTarget.files?.[0])}
          className="peer sr-only"
        />
        <label
          htmlFor={meta.id}
          className={cn(
            buttonClass("secondary"),
            "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-strong",
          )}
        >
          <ImageUp aria-hidden className="size-5" />
          {shown ? "اختيار صورة أخرى" : "اختيار صورة"}
        </label>
        {fileName && (
          <span className="min-w-0 truncate text-sm text-muted" dir="auto">
            {fileName}
          </span>
        )}
        {shown && (
          <Button type="button" variant="ghost" className="text-danger" onClick={remove}>
            <Trash2 aria-hidden className="size-5" />
            إزالة الصورة
          </Button>
        )}
      </div>
      {removed && !chosenUrl && <input type="hidden" name={removeName} value="on" />}
      <p id={hintId} className="text-sm text-muted">
        {hint}
      </p>
      <FieldErrors id={meta.errorId} errors={errors} />
    </div>
  );
}
