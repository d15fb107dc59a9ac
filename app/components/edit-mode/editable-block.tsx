import { Popover } from "radix-ui";
import {
  type ElementType,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import type { ActionResult } from "~/shared/action-result";
import { cn } from "~/shared/cn";
import type { BlockState } from "~/shared/content-blocks";
import {
  PAGE_TEXT_MESSAGES,
  type PageTextRefusal,
  type PageTextSaved,
} from "~/shared/content-blocks";
import { BlockEditor, type EditSession, plainText } from "./block-editor";
import { BlockHistoryDialog } from "./block-history";
import { containEvents } from "./contain-events";
import { EditControl, INTERACTIVE_ANCESTOR } from "./edit-controls";
import { useEditMode } from "./edit-mode-state";
import { PageTextWriter, toastSaved, toastSaveFailed } from "./use-page-text-write";

/**
 * How an editable block shows itself in edit mode: a dashed outline in its own text colour (so
 * it shows on light and dark backgrounds). The block keeps its own element and role; its edit
 * control is a separate button beside it (issue 13).
 */
const EDITABLE_CLASS = cn(
  "cursor-pointer rounded-md outline-2 outline-offset-2 outline-current/70 outline-dashed",
  "hover:bg-accent/15",
);

const PREVIEW_LENGTH = 60;

function editLabel(text: string) {
  const plain = plainText(text);
  const preview =
    plain.length > PREVIEW_LENGTH ? `${plain.slice(0, PREVIEW_LENGTH).trimEnd()}…` : plain;
  return `تعديل النص: ${preview}`;
}

/** Where focus returns after editing: the block's edit control, or the link or button it is in. */
function focusAfterEditing(
  control: RefObject<HTMLElement | null>,
  block: RefObject<HTMLElement | null>,
) {
  requestAnimationFrame(() => {
    const target =
      control.current ?? block.current?.parentElement?.closest<HTMLElement>(INTERACTIVE_ANCESTOR);
    target?.focus();
  });
}

/** The block's typography, so that the anchored panel's text area writes like the block. */
function typographyOf(element: HTMLElement) {
  const style = getComputedStyle(element);
  return {
    fontSize: style.fontSize,
    fontWeight: style.fontWeight,
    lineHeight: style.lineHeight,
    color: "var(--color-ink)",
  };
}

/**
 * How the block must change to carry its edit-mode frame, measured once edit mode is on: an
 * inline block becomes inline-block (one outline, no stray line fragments) and a static one
 * relative (the pencil badge is placed against it).
 */
function useEditableFrame(element: RefObject<HTMLElement | null>, enabled: boolean) {
  const [frame, setFrame] = useState<{
    inline: boolean;
    static: boolean;
    /** Inside a link or button: no control of its own there (never nested in a link). */
    anchored: boolean;
  } | null>(null);
  useLayoutEffect(() => {
    if (!enabled || !element.current) return setFrame(null);
    const style = getComputedStyle(element.current);
    setFrame({
      inline: style.display === "inline",
      static: style.position === "static",
      anchored: Boolean(element.current.parentElement?.closest(INTERACTIVE_ANCESTOR)),
    });
  }, [enabled, element]);
  return frame;
}

/**
 * A content block as an admin sees it. Outside edit mode it renders exactly like a visitor's;
 * in edit mode its labelled control (EditControl, one Tab stop per section) or a click on the
 * text opens an editor in its place, or in a panel under it when the block sits inside a link
 * or button (a menu item, a call to action), whose own click never fires then.
 */
export function EditableBlock({
  block,
  kind,
  as: Tag,
  className,
  id,
}: {
  block: BlockState;
  kind: "text" | "html";
  as: ElementType;
  className?: string;
  id?: string;
}) {
  const { enabled } = useEditMode();
  const element = useRef<HTMLElement>(null);
  const control = useRef<HTMLButtonElement>(null);
  const [session, setSession] = useState<EditSession | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const frame = useEditableFrame(element, enabled);

  const handleResult = (result: ActionResult<PageTextSaved, PageTextRefusal>) => {
    if (result.ok) {
      setSession(null);
      toastSaved();
      return;
    }
    setSession((open) => {
      if (!open) return open;
      if (result.conflict) return { ...open, phase: "conflict", newer: result.current };
      return { ...open, phase: "editing" };
    });
    if (!result.conflict) toastSaveFailed(result.message);
  };

  // Turning edit mode off closes the editor and discards its draft (a save already sent stays).
  useEffect(() => {
    if (enabled) return;
    setSession((open) => (open?.phase === "saving" ? open : null));
    setHistoryOpen(false);
  }, [enabled]);

  const open = () => {
    const target = element.current;
    if (!target) return;
    const anchored = Boolean(target.parentElement?.closest(INTERACTIVE_ANCESTOR));
    setSession({
      draft: block.value,
      initial: block.value,
      baseline: block.current?.updatedAt,
      phase: "editing",
      anchored,
      typography: anchored ? typographyOf(target) : undefined,
      generation: 0,
    });
  };

  const close = () => {
    setSession(null);
    setHistoryOpen(false);
    focusAfterEditing(control, element);
  };

  const save = (expectedUpdatedAt: string | undefined) => {
    if (!session) return;
    const value = session.draft.trim();
    if (!(kind === "html" ? plainText(value) : value)) {
      setSession({ ...session, error: PAGE_TEXT_MESSAGES.emptyValue });
      return;
    }
    if (value === session.initial.trim() && session.phase === "editing") return close();
    const request = {
      id: (session.request?.id ?? 0) + 1,
      fields: { intent: "save", value, contentType: kind } as const,
      expectedUpdatedAt,
    };
    setSession({ ...session, phase: "saving", error: undefined, request });
    focusAfterEditing(control, element);
  };

  const loadNewer = () => {
    if (!session) return;
    const value = session.newer?.value ?? block.fallback;
    setSession({
      ...session,
      draft: value,
      initial: value,
      baseline: session.newer?.updatedAt,
      phase: "editing",
      newer: undefined,
      generation: session.generation + 1,
    });
  };

  const editing = enabled && session !== null && session.phase !== "saving";
  const saving = session?.phase === "saving";
  const shown = saving && session ? session.draft : block.value;
  const label = editLabel(shown);

  const editor = session && (
    <BlockEditor
      kind={kind}
      session={session}
      label="تحرير النص"
      onDraft={(draft) =>
        setSession((current) => current && { ...current, draft, error: undefined })
      }
      onSave={() => save(session.baseline)}
      onCancel={close}
      onOverwrite={() => save(session.newer?.updatedAt)}
      onLoadNewer={loadNewer}
      onHistory={() => setHistoryOpen(true)}
    />
  );

  const writer = session && (
    <PageTextWriter target={block} request={session.request} onResult={handleResult} />
  );

  const history = historyOpen && (
    <BlockHistoryDialog
      block={block}
      kind={kind}
      onClose={() => {
        setHistoryOpen(false);
        // Back to the button that opened the history (the dialog had no trigger of its own).
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>("[data-history-button]")?.focus(),
        );
      }}
      onRestored={close}
    />
  );

  const content =
    kind === "html"
      ? block.current?.type === "text" && !saving
        ? { children: shown }
        : { dangerouslySetInnerHTML: { __html: shown } }
      : { children: shown };

  // A click on the text opens its editor too (a pointer shortcut; keyboards use the control).
  const editableProps = enabled
    ? {
        "aria-busy": saving || undefined,
        onClick(event: React.MouseEvent) {
          // The block's own click: never the link's navigation, the form's submit or the menu's toggle.
          event.preventDefault();
          event.stopPropagation();
          if (!session) open();
        },
      }
    : {};

  const inline = editing && session !== null && !session.anchored;
  return (
    <>
      {inline ? (
        <Tag
          key="editing"
          ref={element}
          className={className}
          id={id}
          data-block={block.key}
          data-editing=""
          onClick={(event: React.MouseEvent) => event.stopPropagation()}
        >
          {editor}
        </Tag>
      ) : (
        <Tag
          key="view"
          ref={element}
          className={
            cn(
              className,
              kind === "text" && shown.includes("\n") && "whitespace-pre-line",
              enabled && EDITABLE_CLASS,
              frame?.inline && "inline-block",
              frame?.static && "relative",
              saving && "animate-pulse",
            ) || undefined
          }
          id={id}
          data-block={block.key}
          {...editableProps}
          {...content}
        />
      )}
      {enabled && !inline && frame && (
        <EditControl
          ref={control}
          block={element}
          blockKey={block.key}
          anchored={frame.anchored}
          label={label}
          expanded={editing}
          onOpen={() => {
            if (!session) open();
          }}
        />
      )}
      {editing && session?.anchored && (
        <AnchoredEditor anchor={element} onEscape={close}>
          {editor}
        </AnchoredEditor>
      )}
      {writer}
      {history}
    </>
  );
}

/** The editor in a panel under a block that lives inside a link or a button. */
function AnchoredEditor({
  anchor,
  onEscape,
  children,
}: {
  anchor: RefObject<HTMLElement | null>;
  onEscape: () => void;
  children: React.ReactNode;
}) {
  return (
    <Popover.Root open>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          {...containEvents}
          aria-label="تحرير النص"
          side="bottom"
          align="center"
          sideOffset={10}
          collisionPadding={12}
          // The draft area focuses itself; closing returns focus to the link or button around the block (focusAfterEditing).
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          // A click elsewhere must not throw a draft away: Cancel or Escape close it.
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => {
            event.preventDefault();
            onEscape();
          }}
          className="z-50 w-[min(34rem,calc(100vw-1.5rem))] rounded-2xl border border-line bg-white p-4 text-ink shadow-2xl"
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
