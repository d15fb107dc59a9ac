import { History } from "lucide-react";
import type { BlockRevision, BlockState, StoredBlock } from "~/shared/content-blocks";
import { EditDialog } from "./edit-dialog";
import {
  PAGE_CONTENT_ENDPOINT,
  toastSaved,
  toastSaveFailed,
  usePageTextWrite,
} from "./use-page-text-write";
import { useVersionHistory, VersionHistory } from "./version-history";

/** Is this revision the value the block shows now? */
const isCurrent = (revision: BlockRevision, current: StoredBlock) =>
  revision.savedAt === current.updatedAt && revision.value === current.value;

/** A text or its HTML, as the block shows it. */
function BlockValue({ value, html }: { value: string; html: boolean }) {
  return html ? (
    <div
      className="[&_a]:underline [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6"
      dangerouslySetInnerHTML={{ __html: value }}
    />
  ) : (
    <p className="whitespace-pre-line">{value}</p>
  );
}

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
  const query = new URLSearchParams({ pagePath: block.pagePath, contentKey: block.key });
  const history = useVersionHistory<BlockRevision, StoredBlock>(
    `${PAGE_CONTENT_ENDPOINT}?${query}`,
  );
  const restore = usePageTextWrite(block, (result) => {
    if (result.ok) {
      toastSaved();
      onRestored();
    } else if (result.conflict) {
      history.showRefusal(result.message);
    } else {
      toastSaveFailed(result.message);
    }
  });

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
      <VersionHistory
        history={history}
        restore={restore}
        showVersion={(revision) => (
          <BlockValue value={revision.value} html={revision.type === "html"} />
        )}
        isShownNow={isCurrent}
        builtIn={{
          content: <BlockValue value={block.fallback} html={kind === "html"} />,
          meta: "النص الأصلي المدمج في الموقع",
        }}
        emptyText="لم يُحفظ لهذا النص أي تعديل بعد."
        shownNowLabel="المعروض حالياً"
      />
    </EditDialog>
  );
}
