import { History, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/shared/action-result";
import { cn } from "~/shared/cn";
import type {
  BlockRevision,
  BlockState,
  PageTextHistory,
  StoredBlock,
} from "~/shared/content-blocks";
import { formatDateTime, isoDate } from "~/shared/dates";
import { EditDialog } from "./edit-dialog";
import {
  PAGE_CONTENT_ENDPOINT,
  toastSaved,
  toastSaveFailed,
  usePageTextWrite,
} from "./use-page-text-write";

/** Is this revision the value the block shows now? */
const isCurrent = (revision: BlockRevision, current: StoredBlock | null) =>
  Boolean(current && revision.savedAt === current.updatedAt && revision.value === current.value);

/**
 * A block's history: every saved value with its author and date, newest first, then the
 * built-in default. Restoring one is a new save of it (so it is in history too); restoring
 * the default deletes the stored value.
 */
export function BlockHistoryDialog({
  block,
  kind,
  onClose,
  onRestored,
}: {
  block: BlockState;
  kind: "text" | "html";
  onClose: () => void;
  onRestored: () => void;
}) {
  const history = useFetcher<ActionResult<PageTextHistory>>();
  const [notice, setNotice] = useState<string | null>(null);
  const { load } = history;
  const query = new URLSearchParams({ pagePath: block.pagePath, contentKey: block.key });
  const url = `${PAGE_CONTENT_ENDPOINT}?${query}`;

  useEffect(() => {
    load(url);
  }, [load, url]);

  const restore = usePageTextWrite(block, (result) => {
    if (result.ok) {
      toastSaved();
      onRestored();
    } else if (result.conflict) {
      setNotice(result.message);
      load(url);
    } else {
      toastSaveFailed(result.message);
    }
  });

  const loaded = history.data?.ok ? history.data : null;
  const current = loaded?.current ?? null;

  return (
    <EditDialog
      title={
        <>
          <History aria-hidden className="size-6 text-primary" />
          سجل تعديلات النص
        </>
      }
      description="اختر نسخة سابقة لاستعادتها؛ تُحفظ الاستعادة في السجل أيضاً."
      closeLabel="إغلاق السجل"
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
              <li className="text-muted">لم يُحفظ لهذا النص أي تعديل بعد.</li>
            )}
            {loaded.revisions.map((revision) => (
              <HistoryEntry
                key={revision.id}
                value={revision.value}
                html={revision.type === "html"}
                meta={
                  <>
                    {revision.savedBy} ·{" "}
                    <time dateTime={isoDate(revision.savedAt)}>
                      {formatDateTime(revision.savedAt)}
                    </time>
                  </>
                }
                current={isCurrent(revision, current)}
                busy={restore.busy}
                onRestore={() =>
                  restore.write({ intent: "restore", revisionId: revision.id }, current?.updatedAt)
                }
              />
            ))}
            <HistoryEntry
              value={block.fallback}
              html={kind === "html"}
              meta="النص الأصلي المدمج في الموقع"
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

function HistoryEntry({
  value,
  html,
  meta,
  current,
  busy,
  onRestore,
}: {
  value: string;
  html: boolean;
  meta: React.ReactNode;
  current: boolean;
  busy: boolean;
  onRestore: () => void;
}) {
  return (
    <li
      className={cn(
        "flex flex-col gap-3 rounded-xl border p-4",
        current ? "border-primary bg-primary-light" : "border-line",
      )}
    >
      {html ? (
        <div
          className="[&_a]:underline [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6"
          dangerouslySetInnerHTML={{ __html: value }}
        />
      ) : (
        <p className="whitespace-pre-line">{value}</p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 text-muted">
        <span>{meta}</span>
        {current ? (
          <span className="rounded-full bg-primary px-3 py-1 text-sm text-white">
            المعروض حالياً
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
