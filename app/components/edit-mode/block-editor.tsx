import { Check, History, X } from "lucide-react";
import { type CSSProperties, type ElementType, useEffect, useId, useRef } from "react";
import { Button } from "~/components/ui/button";
import { PAGE_TEXT_MESSAGES, type StoredBlock } from "~/shared/content-blocks";
import { RichTextDraft } from "./rich-text-draft";
import { TextDraft } from "./text-draft";
import type { PageTextRequest } from "./use-page-text-write";

/** An open editor's state; it lives in the block, so closing it discards the draft. */
export interface EditSession {
  draft: string;
  /** The value the editor opened with (nothing to save while the draft equals it). */
  initial: string;
  /** `updated_at` of the version the draft started from; undefined for the built-in default. */
  baseline: string | undefined;
  phase: "editing" | "saving" | "conflict";
  /** In a conflict: the newer stored version (null when it was reset to the default). */
  newer?: StoredBlock | null;
  error?: string;
  /** The last save sent for this session. */
  request?: PageTextRequest;
  /** Shown in a panel beside the block (the block sits inside a link or button). */
  anchored: boolean;
  /** The block's typography, for the anchored panel's text area. */
  typography?: CSSProperties;
  /** Bumped to restart the draft area with a new value. */
  generation: number;
}

export const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The editor's body: the draft area, the conflict question when the block changed meanwhile,
 * and the Save / Cancel / History buttons. Escape cancels and Ctrl+Enter saves from anywhere
 * inside it.
 */
export function BlockEditor({
  kind,
  session,
  label,
  onDraft,
  onSave,
  onCancel,
  onOverwrite,
  onLoadNewer,
  onHistory,
}: {
  kind: "text" | "html";
  session: EditSession;
  label: string;
  onDraft: (draft: string) => void;
  onSave: () => void;
  onCancel: () => void;
  onOverwrite: () => void;
  onLoadNewer: () => void;
  onHistory: () => void;
}) {
  const id = useId();
  // Phrasing elements only for plain texts: their editor may open inside a heading or a span.
  const Box: ElementType = kind === "html" ? "div" : "span";
  const conflict = session.phase === "conflict";

  return (
    <Box
      className="flex w-full flex-col gap-3"
      onKeyDown={(event: React.KeyboardEvent) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          if (!conflict) onSave();
        }
      }}
    >
      {kind === "html" ? (
        <RichTextDraft
          key={session.generation}
          initialHtml={session.draft}
          onChange={onDraft}
          label={label}
          describedBy={`${id}-keys`}
        />
      ) : (
        <TextDraft
          key={session.generation}
          value={session.draft}
          onChange={onDraft}
          label={label}
          describedBy={`${id}-keys`}
          style={session.typography}
        />
      )}
      <Box className="flex flex-col gap-3 text-start text-base font-normal leading-normal tracking-normal">
        {session.error && (
          <Box role="alert" className="block rounded-lg bg-white px-3 py-2 text-danger">
            {session.error}
          </Box>
        )}
        {conflict && (
          <ConflictQuestion
            kind={kind}
            newer={session.newer ?? null}
            onOverwrite={onOverwrite}
            onLoadNewer={onLoadNewer}
          />
        )}
        <Box className="flex flex-wrap items-center gap-2">
          {!conflict && (
            <Button type="button" onClick={onSave}>
              <Check aria-hidden className="size-5" />
              حفظ
            </Button>
          )}
          <Button type="button" variant="elegant" onClick={onCancel}>
            <X aria-hidden className="size-5" />
            إلغاء
          </Button>
          {!conflict && (
            <Button type="button" variant="elegant" onClick={onHistory} data-history-button="">
              <History aria-hidden className="size-5" />
              السجل
            </Button>
          )}
        </Box>
        <Box id={`${id}-keys`} className="hidden text-sm opacity-80 sm:block">
          للحفظ: <kbd dir="ltr">Ctrl+Enter</kbd> — للإلغاء: <kbd dir="ltr">Esc</kbd>
        </Box>
      </Box>
    </Box>
  );
}

function ConflictQuestion({
  kind,
  newer,
  onOverwrite,
  onLoadNewer,
}: {
  kind: "text" | "html";
  newer: StoredBlock | null;
  onOverwrite: () => void;
  onLoadNewer: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const newerText = newer ? (kind === "html" ? plainText(newer.value) : newer.value) : null;
  return (
    <span role="alert" className="flex flex-col gap-3 rounded-xl bg-accent-light p-4 text-ink">
      <span className="block font-medium">{PAGE_TEXT_MESSAGES.conflict}</span>
      <span className="block">
        النص المحفوظ الآن: {newerText ? `«${newerText}»` : "النص الأصلي للموقع"}
      </span>
      <span className="flex flex-wrap gap-2">
        <Button ref={first} type="button" onClick={onOverwrite}>
          حفظ تعديلي فوقه
        </Button>
        <Button type="button" variant="outline" onClick={onLoadNewer}>
          عرض النص الأحدث
        </Button>
      </span>
    </span>
  );
}
