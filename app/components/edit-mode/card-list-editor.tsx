import { ChevronDown, ChevronUp, History, Pencil, Plus, Trash2, Undo2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  type CardExtras,
  type CardListLayout,
  CardListView,
} from "~/components/site/card-list-view";
import { showToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { CARD_LIST_MESSAGES, type CardItem, type StoredCardList } from "~/shared/card-items";
import type { CardListDefinition } from "~/shared/card-list-definitions";
import { cn } from "~/shared/cn";
import { CardDialog } from "./card-list-card-dialog";
import { CardListHistoryDialog } from "./card-list-history";
import { RemoveCardDialog } from "./card-list-remove";
import { useGroupedControl } from "./edit-controls";
import { type CardListAnswer, useCardListWrite } from "./use-card-list-write";

/** What the page says after a removal, with the undo it offers. */
interface Removed {
  title: string;
  /** The version to go back to (null: the built-in cards). */
  before: string | null;
}

type Pending = "move" | "remove" | "undo" | null;

/**
 * A card list in edit mode (docs/decisions/047): under each card its move up, move down, edit
 * and remove buttons; under the list, adding a card and the list's history. The list's controls and
 * its cards' text controls share one Tab stop (the arrow keys move between them).
 */
export function CardListEditor({
  list,
  stored,
  extras,
  layout,
}: {
  list: CardListDefinition;
  stored: StoredCardList | null;
  extras?: (key: string) => CardExtras | undefined;
  layout: CardListLayout;
}) {
  // The answer of the last write, shown until the page's own data catches up with it.
  const [answered, setAnswered] = useState<{
    base: StoredCardList | null;
    list: StoredCardList | null;
  } | null>(null);
  const shown = answered && answered.base === stored ? answered.list : stored;
  const items = shown?.items ?? list.defaults;
  const version = shown?.updatedAt;
  const [pending, setPending] = useState<Pending>(null);
  const [removing, setRemoving] = useState<CardItem | null>(null);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CardItem | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /**
   * Where focus goes once the list shows the change (a moved card's same button): `from` is the
   * version shown when the change was asked; focus waits until another one is shown.
   */
  const focusNext = useRef<{ control: string; from?: string | null } | null>(null);
  const focusAfterChange = (control: string) => {
    focusNext.current = { control, from: version ?? null };
  };
  const undoButton = useRef<HTMLButtonElement>(null);
  const group = useRef<HTMLDivElement>(null);

  const applied = (result: CardListAnswer) => {
    if (result.ok) {
      setAnswered({ base: stored, list: result.list });
      setMessage(null);
      return true;
    }
    if (result.conflict) setAnswered({ base: stored, list: result.current });
    setMessage(result.message);
    showToast("error", "خطأ", result.message);
    return false;
  };

  const { write, busy } = useCardListWrite(list, (result) => {
    const done = pending;
    setPending(null);
    if (!applied(result) || !result.ok) {
      focusNext.current = null;
      return;
    }
    if (done === "remove" && removing) {
      setRemoved({ title: removing.title, before: result.before });
      setRemoving(null);
    } else if (done === "undo") {
      setRemoved(null);
      showToast("success", "تم التراجع", "أُعيدت البطاقة إلى القائمة");
    }
  });

  // A dialog traps focus until it is gone: its answer is handled while it is still open.
  const dialogOpen = adding || editing !== null || removing !== null || historyOpen;
  // Moving a focused element in the page blurs it: focus is given once the change has rendered.
  useEffect(() => {
    const next = focusNext.current;
    if (!next || dialogOpen) return;
    if (next.from !== undefined && next.from === (version ?? null)) return;
    const element =
      next.control === "undo"
        ? undoButton.current
        : group.current?.querySelector<HTMLElement>(`[data-edit-control="${next.control}"]`);
    if (!element) return;
    focusNext.current = null;
    element.focus();
  });

  const move = (item: CardItem, direction: "up" | "down") => {
    if (busy) return;
    setPending("move");
    focusAfterChange(`card-${direction}-${item.key}`);
    write({ intent: "move", itemKey: item.key, direction }, version);
  };

  const confirmRemove = () => {
    if (!removing || busy) return;
    setPending("remove");
    focusAfterChange("undo");
    write({ intent: "remove", itemKey: removing.key }, version);
  };

  const undo = () => {
    if (!removed || busy) return;
    setPending("undo");
    focusAfterChange("add");
    if (removed.before) write({ intent: "restore", revisionId: removed.before }, version);
    else write({ intent: "reset" }, version);
  };

  return (
    <div ref={group} data-edit-group="" data-card-list={list.key} className="space-y-4">
      <CardListView
        items={items}
        blockPrefix={list.blockPrefix}
        extras={extras}
        {...layout}
        controls={(item, index) => (
          <CardControls
            item={item}
            first={index === 0}
            last={index === items.length - 1}
            busy={busy}
            onMove={(direction) => move(item, direction)}
            onEdit={() => setEditing(item)}
            onRemove={() => items.length > 1 && setRemoving(item)}
            canRemove={items.length > 1}
          />
        )}
      />
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border-2 border-dashed border-accent bg-accent-light/60 p-3">
        <ListButton controlKey="add" onClick={() => setAdding(true)}>
          <Plus aria-hidden className="size-5" />
          إضافة بطاقة إلى «{list.label}»
        </ListButton>
        <ListButton controlKey="history" onClick={() => setHistoryOpen(true)}>
          <History aria-hidden className="size-5" />
          سجل تعديلات «{list.label}»
        </ListButton>
        <p role="status" className="flex flex-wrap items-center gap-2">
          {removed && (
            <>
              <span>حُذفت بطاقة «{removed.title}».</span>
              <Button
                ref={undoButton}
                variant="outline"
                pending={pending === "undo"}
                onClick={undo}
                data-testid="card-undo"
              >
                <Undo2 aria-hidden className="size-5" />
                تراجع
              </Button>
            </>
          )}
          {message && !removed && <span className="text-danger">{message}</span>}
        </p>
      </div>
      {adding && (
        <CardDialog
          list={list}
          version={version}
          onClose={() => {
            setAdding(false);
            focusNext.current = { control: "add" };
          }}
          onSaved={(result) => {
            applied(result);
            setAdding(false);
            showToast("success", "تمت الإضافة", "أُضيفت البطاقة إلى القائمة");
            const added = result.ok
              ? result.list?.items.find((card) => !items.some((old) => old.key === card.key))
              : undefined;
            // The page's data already holds the new card (its loaders re-ran before this answer).
            focusNext.current = { control: added ? `card-up-${added.key}` : "add" };
          }}
        />
      )}
      {editing && (
        <CardDialog
          list={list}
          card={editing}
          version={version}
          onClose={() => {
            setEditing(null);
            focusNext.current = { control: `card-edit-${editing.key}` };
          }}
          onSaved={(result) => {
            applied(result);
            setEditing(null);
            setRemoved(null);
            showToast("success", "تم الحفظ", `عُدّلت بطاقة «${editing.title}»`);
            focusNext.current = { control: `card-edit-${editing.key}` };
          }}
        />
      )}
      {removing && (
        <RemoveCardDialog
          title={removing.title}
          busy={pending === "remove"}
          onConfirm={confirmRemove}
          onCancel={() => {
            const key = removing.key;
            setRemoving(null);
            focusNext.current = { control: `card-remove-${key}` };
          }}
        />
      )}
      {historyOpen && (
        <CardListHistoryDialog
          list={list}
          onClose={() => {
            setHistoryOpen(false);
            focusNext.current = { control: "history" };
          }}
          onRestored={(result) => {
            applied(result);
            setHistoryOpen(false);
            setRemoved(null);
            showToast("success", "تمت الاستعادة", CARD_LIST_MESSAGES.restored);
            focusNext.current = { control: "history" };
          }}
        />
      )}
    </div>
  );
}

/** A 44 px button of the list's group (one Tab stop for the list, arrows within it). */
function ListButton({
  controlKey,
  className,
  onClick,
  label,
  disabled,
  children,
}: {
  controlKey: string;
  className?: string;
  onClick: () => void;
  label?: string;
  /** Shown but refused (a disabled button would drop the focus). */
  disabled?: boolean;
  children: React.ReactNode;
}) {
  const grouped = useGroupedControl(controlKey);
  return (
    <button
      {...grouped}
      type="button"
      aria-label={label}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
      className={cn(
        "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl border border-line bg-white px-3 font-medium text-ink shadow-sm hover:border-primary",
        "aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
        className,
      )}
    >
      {children}
    </button>
  );
}

function CardControls({
  item,
  first,
  last,
  busy,
  canRemove,
  onMove,
  onEdit,
  onRemove,
}: {
  item: CardItem;
  first: boolean;
  last: boolean;
  busy: boolean;
  canRemove: boolean;
  onMove: (direction: "up" | "down") => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const move = (
    direction: "up" | "down",
    where: string,
    word: string,
    Icon: typeof ChevronUp,
    disabled: boolean,
  ): {
    name: string;
    label: string;
    word: string;
    Icon: typeof ChevronUp;
    disabled?: boolean;
    onClick: () => void;
    className?: string;
  } => ({
    name: direction,
    label: `نقل «${item.title}» إلى ${where}`,
    word,
    Icon,
    disabled,
    onClick: () => onMove(direction),
  });
  const controls = [
    move("up", "الأعلى", "أعلى", ChevronUp, first),
    move("down", "الأسفل", "أسفل", ChevronDown, last),
    { name: "edit", label: `تعديل «${item.title}»`, word: "تعديل", Icon: Pencil, onClick: onEdit },
    {
      name: "remove",
      label: `حذف «${item.title}»`,
      word: "حذف",
      Icon: Trash2,
      disabled: !canRemove,
      onClick: onRemove,
      className: "text-danger",
    },
  ];
  return (
    <fieldset aria-busy={busy || undefined} className="flex flex-wrap gap-2">
      <legend className="sr-only">أدوات بطاقة «{item.title}»</legend>
      {controls.map(({ name, label, word, Icon, disabled, onClick, className }) => (
        <ListButton
          key={name}
          controlKey={`card-${name}-${item.key}`}
          label={label}
          disabled={disabled}
          onClick={onClick}
          className={className}
        >
          <Icon aria-hidden className="size-5" />
          <span aria-hidden>{word}</span>
        </ListButton>
      ))}
    </fieldset>
  );
}
