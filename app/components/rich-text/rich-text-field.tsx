import { type FieldMetadata, useInputControl } from "@conform-to/react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { FieldFrame, inputClass, useFieldDescription } from "~/components/ui/field";
import { KeepFallback } from "./keep-fallback";

// Tiptap and ProseMirror come in their own chunk, fetched only when a staff form shows this
// field: no public page imports it (docs/decisions/030).
const RichTextEditor = lazy(() => import("./rich-text-editor"));

/** Blank lines between paragraphs (Enter pressed twice) are spacing, not content. */
const withoutEmptyParagraphs = (html: string) => html.replace(/<p(?: [^>]*)?>\s*<\/p>/g, "");

/**
 * An HTML field edited with the rich-text editor. The server renders a plain textarea with
 * the same name, so the form works before (or without) JavaScript; once the editor's code has
 * loaded it takes the textarea's place and keeps a hidden input of that name up to date.
 * `onChange` reports every new value (for previews and autosave) and where it was typed: the
 * editor's HTML is its schema's, the fallback textarea's is whatever was typed.
 */
export function RichTextField({
  label,
  meta,
  hint,
  rows = 14,
  onChange,
  resetKey,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  hint?: string;
  rows?: number;
  onChange?: (value: string, from: "editor" | "textarea") => void;
  /** Changing it reloads the editor with the field's current value (a restored revision). */
  resetKey?: string | number;
}) {
  const labelId = useId();
  const { hintId, describedBy } = useFieldDescription(meta, hint);
  const control = useInputControl(meta);
  const [enhanced, setEnhanced] = useState(false);
  const typed = useRef(control.value ?? "");
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // Text typed into the server-rendered textarea before the page hydrated is carried over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const early = textareaRef.current?.value;
    if (early !== undefined && early !== (control.value ?? "")) {
      typed.current = early;
      control.change(early);
    }
    setEnhanced(true);
  }, []);

  const textarea = (
    <textarea
      ref={textareaRef}
      id={meta.id}
      name={meta.name}
      rows={rows}
      dir="rtl"
      className={inputClass}
      defaultValue={control.value ?? ""}
      aria-invalid={meta.errors?.length ? true : undefined}
      aria-describedby={describedBy}
      onInput={(event) => {
        typed.current = event.currentTarget.value;
        control.change(typed.current);
        onChange?.(typed.current, "textarea");
      }}
    />
  );

  return (
    <FieldFrame {...{ label, labelId, meta, hint, hintId }}>
      {enhanced ? (
        <KeepFallback fallback={textarea}>
          <Suspense fallback={textarea}>
            <input type="hidden" name={meta.name} value={control.value ?? ""} readOnly />
            <RichTextEditor
              key={resetKey}
              initialHtml={control.value ?? typed.current}
              labelId={labelId}
              describedBy={describedBy}
              invalid={Boolean(meta.errors?.length)}
              onChange={(edited) => {
                const html = withoutEmptyParagraphs(edited);
                control.change(html);
                onChange?.(html, "editor");
              }}
            />
          </Suspense>
        </KeepFallback>
      ) : (
        textarea
      )}
    </FieldFrame>
  );
}
