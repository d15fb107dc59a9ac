import { lazy, Suspense } from "react";
import { EditorLoading } from "~/components/rich-text/editor-loading";
import { KeepFallback } from "~/components/rich-text/keep-fallback";
import { TextDraft } from "./text-draft";

// The posts' Tiptap editor, fetched only when an admin opens a page text of type html: neither
// visitors nor the edit-mode code itself download it before (docs/decisions/034).
const RichTextEditor = lazy(() => import("~/components/rich-text/rich-text-editor"));

/**
 * The draft of an `html` page text: the same rich-text editor as posts, without images and
 * videos. If its code cannot load, the HTML is edited as text (the server sanitizes either way).
 */
export function RichTextDraft({
  initialHtml,
  onChange,
  label,
  describedBy,
}: {
  /** The draft: the editor starts from it; the fallback text area shows it as it changes. */
  initialHtml: string;
  onChange: (html: string) => void;
  label: string;
  describedBy: string;
}) {
  const fallback = (
    <TextDraft value={initialHtml} onChange={onChange} label={label} describedBy={describedBy} />
  );
  return (
    <KeepFallback fallback={fallback}>
      <Suspense fallback={<EditorLoading media={false} />}>
        <RichTextEditor
          initialHtml={initialHtml}
          onChange={onChange}
          label={label}
          describedBy={describedBy}
          media={false}
          autofocus
          ctrlEnterSaves
        />
      </Suspense>
    </KeepFallback>
  );
}
