import { type CSSProperties, useEffect, useRef } from "react";
import { MAX_BLOCK_VALUE_LENGTH } from "~/shared/content-blocks";

/** Classes that make an editor take the block's own typography (size, weight, colour, alignment). */
export const INHERIT_TYPOGRAPHY =
  "[font:inherit] [color:inherit] [text-align:inherit] [letter-spacing:inherit]";

function fitHeight(textarea: HTMLTextAreaElement) {
  textarea.style.height = "auto";
  textarea.style.height = `${textarea.scrollHeight + 2}px`;
}

/** A plain-text draft: a textarea that grows with its text and opens with the caret at the end. */
export function TextDraft({
  value,
  onChange,
  label,
  describedBy,
  style,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  describedBy: string;
  style?: CSSProperties;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const textarea = ref.current;
    if (!textarea) return;
    fitHeight(textarea);
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, []);

  return (
    <textarea
      ref={ref}
      value={value}
      onChange={(event) => {
        fitHeight(event.target);
        onChange(event.target.value);
      }}
      rows={1}
      maxLength={MAX_BLOCK_VALUE_LENGTH}
      aria-label={label}
      aria-describedby={describedBy}
      style={style}
      className={`block min-h-11 w-full min-w-[min(16rem,70vw)] resize-none overflow-hidden rounded-lg border-2 border-current bg-transparent px-2 py-1 ${INHERIT_TYPOGRAPHY}`}
    />
  );
}
