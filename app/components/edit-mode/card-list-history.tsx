import { History, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { CardListDefinition } from "~/content/card-lists";
import type { ActionResult } from "~/shared/action-result";
import type { CardItem, CardListHistory } from "~/shared/card-items";
import { cn } from "~/shared/cn";
import { formatDateTime, isoDate } from "~/shared/dates";
import { EditDialog } from "./edit-dialog";
import { CARD_LISTS_ENDPOINT, type CardListAnswer, useCardListWrite } from "./use-card-list-write";

const titles = (items: readonly CardItem[]) => items.map((item) => item.title).join("، ");

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
  const history = useFetcher<ActionResult<CardListHistory>>();
  const [notice, setNotice] = useState<string | null>(null);
  const { load } = history;
  const url = `${CARD_LISTS_ENDPOINT}?${new URLSearchParams({ pagePath: list.pagePath, listKey: list.key })}`;
  useEffect(() => {
    load(url);
  }, [load, url]);
  const restore = useCardListWrite(list, (result) => {
    if (result.ok) return onRestored(result);
    setNotice(result.message);
    load(url);
  });
  const loaded = history.data?.ok ? history.data : null;
  const current = loaded?.current ?? null;

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
      <div className="overflow-y-auto p-5" aria-busy={history.state !== "idle"}>
        {notice && (
          <p role="alert" className="mb-4 rounded-xl bg-accent-light p-3">
            {notice}
          </p>
        )}
        {history.data && !history.data.ok ? (
          <p role="alert" className="text-danger">
            {history.data.message}
          </p>
        ) : !loaded ? (
          <p role="status">جارٍ تحميل السجل…</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {loaded.revisions.length === 0 && (
              <li className="text-muted">لم يُحفظ لهذه القائمة أي تعديل بعد.</li>
            )}
            {loaded.revisions.map((revision) => (
              <Entry
                key={revision.id}
                summary={revision.summary}
                cards={titles(revision.items)}
                meta={
                  <>
                    {revision.savedBy} ·{" "}
                    <time dateTime={isoDate(revision.savedAt)}>
                      {formatDateTime(revision.savedAt)}
                    </time>
                  </>
                }
                current={current?.updatedAt === revision.savedAt}
                busy={restore.busy}
                onRestore={() =>
                  restore.write({ intent: "restore", revisionId: revision.id }, current?.updatedAt)
                }
              />
            ))}
            <Entry
              summary="القائمة الأصلية المدمجة في الموقع"
              cards={titles(list.defaults)}
              meta={null}
              current={!current}
              busy={restore.busy}
              onRestore={() => restore.write({ intent: "reset" }, current?.updatedAt)}
            />
          </ol>
        )}
      </div>
    </EditDialog>
  );
}

function Entry({
  summary,
  cards,
  meta,
  current,
  busy,
  onRestore,
}: {
  summary: string;
  cards: string;
  meta: React.ReactNode;
  current: boolean;
  busy: boolean;
  onRestore: () => void;
}) {
  return (
    <li
      className={cn(
        "flex flex-col gap-2 rounded-xl border p-4",
        current ? "border-primary bg-primary-light" : "border-line",
      )}
    >
      <p className="font-bold">{summary}</p>
      <p className="text-muted">البطاقات: {cards}</p>
      <div className="flex flex-wrap items-center justify-between gap-2 text-muted">
        <span>{meta}</span>
        {current ? (
          <span className="rounded-full bg-primary px-3 py-1 text-sm text-white">
            المعروضة حالياً
          </span>
        ) : (
          <Button variant="outline" pending={busy} onClick={onRestore}>
            <RotateCcw aria-hidden className="size-4" />
            استعادة
          </Button>
        )}
      </div>
    </li>
  );
}
