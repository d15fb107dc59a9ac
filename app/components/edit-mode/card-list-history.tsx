import { History } from "lucide-react";
import type { CardItem, CardListRevision, StoredCardList } from "~/shared/card-items";
import type { CardListDefinition } from "~/shared/card-list-definitions";
import { EditDialog } from "./edit-dialog";
import { CARD_LISTS_ENDPOINT, type CardListAnswer, useCardListWrite } from "./use-card-list-write";
import { useVersionHistory, VersionHistory } from "./version-history";

/** What a version did, then its cards' titles. */
function ListVersion({ summary, items }: { summary: string; items: readonly CardItem[] }) {
  return (
    <>
      <p className="font-bold">{summary}</p>
      <p className="text-muted">البطاقات: {items.map((item) => item.title).join("، ")}</p>
    </>
  );
}

/**
 * A list's history: every saved version with what it did, who and when, newest first, then the
 * built-in cards. Restoring one is a new save of it; restoring the built-in cards deletes the
 * stored list.
 */
export function CardListHistoryDialog({
  list,
  onClose,
  onRestored,
}: {
  list: CardListDefinition;
  onClose: () => void;
  onRestored: (result: CardListAnswer) => void;
}) {
  const query = new URLSearchParams({ pagePath: list.pagePath, listKey: list.key });
  const history = useVersionHistory<CardListRevision, StoredCardList>(
    `${CARD_LISTS_ENDPOINT}?${query}`,
  );
  const restore = useCardListWrite(list, (result) => {
    if (result.ok) return onRestored(result);
    history.showRefusal(result.message);
  });

  return (
    <EditDialog
      title={
        <>
          <History aria-hidden className="size-6 text-primary" />
          سجل تعديلات «{list.label}»
        </>
      }
      description="اختر نسخة سابقة من القائمة لاستعادتها؛ تُحفظ الاستعادة في السجل أيضاً."
      closeLabel="إغلاق السجل"
      leaveFocusToCaller
      onClose={onClose}
    >
      <VersionHistory
        history={history}
        restore={restore}
        showVersion={(revision) => (
          <ListVersion summary={revision.summary} items={revision.items} />
        )}
        isShownNow={(revision, stored) => stored.updatedAt === revision.savedAt}
        builtIn={{
          content: (
            <ListVersion summary="القائمة الأصلية المدمجة في الموقع" items={list.defaults} />
          ),
          meta: null,
        }}
        emptyText="لم يُحفظ لهذه القائمة أي تعديل بعد."
        shownNowLabel="المعروضة حالياً"
      />
    </EditDialog>
  );
}
