import { Bold, Italic, Link2, List, ListOrdered, type LucideIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { INHERIT_TYPOGRAPHY } from "./text-draft";

/** Link targets the server keeps (app/utils/sanitize.server.ts); anything else is refused here. */
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)\S+$/i;
const LINK_MESSAGE = "يجب أن يبدأ الرابط بـ https:// أو mailto: أو tel:";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A small rich-text draft for `html` blocks: bold, italic, lists and links on a contentEditable
 * area (no editor dependency). Whatever it produces is sanitized again by the server on save.
 */
export function RichTextDraft({
  initialHtml,
  onChange,
  label,
  describedBy,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  label: string;
  describedBy: string;
}) {
  const area = useRef<HTMLDivElement>(null);
  const selection = useRef<Range | null>(null);
  const [html] = useState(initialHtml);
  const [linking, setLinking] = useState(false);

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    element.focus();
    const range = document.createRange();
    range.selectNodeContents(element);
    range.collapse(false);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    document.execCommand("defaultParagraphSeparator", false, "p");
  }, []);

  const emit = () => onChange(area.current?.innerHTML ?? "");

  /** Remembers where the caret was, so toolbar buttons reached by keyboard act on it. */
  const rememberSelection = () => {
    const current = window.getSelection();
    if (current?.rangeCount && area.current?.contains(current.anchorNode)) {
      selection.current = current.getRangeAt(0).cloneRange();
    }
  };

  const restoreSelection = () => {
    area.current?.focus();
    if (!selection.current) return;
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(selection.current);
  };

  const run = (command: string, argument?: string) => {
    restoreSelection();
    document.execCommand(command, false, argument);
    emit();
  };

  const addLink = (url: string) => {
    restoreSelection();
    if (window.getSelection()?.isCollapsed) {
      const safe = escapeHtml(url);
      document.execCommand("insertHTML", false, `<a href="${safe}">${safe}</a>`);
    } else {
      document.execCommand("createLink", false, url);
    }
    emit();
    setLinking(false);
  };

  return (
    <div className="flex flex-col gap-2">
      <div
        role="toolbar"
        aria-label="تنسيق النص"
        className="flex flex-wrap gap-1 rounded-xl border border-line bg-white p-1 text-ink"
      >
        <ToolButton icon={Bold} label="عريض" onPress={() => run("bold")} />
        <ToolButton icon={Italic} label="مائل" onPress={() => run("italic")} />
        <ToolButton icon={List} label="قائمة نقطية" onPress={() => run("insertUnorderedList")} />
        <ToolButton
          icon={ListOrdered}
          label="قائمة مرقمة"
          onPress={() => run("insertOrderedList")}
        />
        <ToolButton
          icon={Link2}
          label="رابط"
          pressed={linking}
          onPress={() => setLinking((open) => !open)}
        />
      </div>
      {linking && (
        <LinkForm
          onApply={addLink}
          onRemove={() => {
            run("unlink");
            setLinking(false);
          }}
          onClose={() => {
            setLinking(false);
            restoreSelection();
          }}
        />
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text area has no native element. */}
      <div
        ref={area}
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-label={label}
        aria-describedby={describedBy}
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        onKeyUp={rememberSelection}
        onMouseUp={rememberSelection}
        onBlur={rememberSelection}
        onPaste={(event) => {
          // Pasted pages bring their own markup; keep only the words.
          event.preventDefault();
          document.execCommand("insertText", false, event.clipboardData.getData("text/plain"));
        }}
        className={`min-h-24 rounded-lg bg-transparent px-2 py-1 ring-2 ring-accent ${INHERIT_TYPOGRAPHY} [&_a]:underline [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6`}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}

function ToolButton({
  icon: Icon,
  label,
  pressed,
  onPress,
}: {
  icon: LucideIcon;
  label: string;
  pressed?: boolean;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      // Keep the text selection in the editing area when the button is clicked.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
      className="flex size-11 items-center justify-center rounded-lg hover:bg-primary-light aria-pressed:bg-primary-light"
    >
      <Icon aria-hidden className="size-5" />
    </button>
  );
}

function LinkForm({
  onApply,
  onRemove,
  onClose,
}: {
  onApply: (url: string) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const inputId = useId();
  const [url, setUrl] = useState("https://");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);

  const apply = () => {
    const trimmed = url.trim();
    if (!SAFE_LINK.test(trimmed)) return setError(LINK_MESSAGE);
    onApply(trimmed);
  };

  return (
    // A nested <form> is not allowed inside the page's forms, so Enter is handled by hand.
    <div className="flex flex-col gap-2 rounded-xl border border-line bg-white p-3 text-base text-ink">
      <label htmlFor={inputId} className="font-medium">
        عنوان الرابط
      </label>
      <input
        ref={input}
        id={inputId}
        type="url"
        dir="ltr"
        value={url}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => {
          setUrl(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            apply();
          } else if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          }
        }}
        className="min-h-11 rounded-lg border border-line px-3 text-start"
      />
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={apply}>
          إضافة الرابط
        </Button>
        <Button type="button" variant="outline" onClick={onRemove}>
          إزالة الرابط
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          إغلاق
        </Button>
      </div>
    </div>
  );
}
