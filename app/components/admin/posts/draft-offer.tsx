import { useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { formatDateTime } from "~/shared/dates";
import { type AutosaveFields, readLocalDraft } from "../local-draft";

/** Unsaved texts of the post the form may offer back: the server's autosave or this browser's. */
export interface OfferedDraft {
  fields: AutosaveFields;
  savedAt: Date | string;
}

/**
 * The draft to offer when the form opens: the server's autosave, or the copy this browser kept
 * while the server could not take it (an ended session), when that one is newer.
 */
export function useOfferedDraft(
  post: { id: string; updatedAt: string } | null,
  autosave: OfferedDraft | null,
) {
  const [offered, setOffered] = useState<OfferedDraft | null>(autosave);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => {
    const local = readLocalDraft(post?.id, post?.updatedAt ?? "");
    if (local && (!autosave || new Date(local.savedAt) > new Date(autosave.savedAt))) {
      setOffered(local);
    }
  }, []);
  return [offered, setOffered] as const;
}

/** The offer of an unsaved draft, above the form: restore it or set it aside. */
export function DraftOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: OfferedDraft;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div role="status" className="rounded-xl border border-accent bg-accent-light p-4">
      <p className="font-medium">لديك مسودة غير محفوظة من {formatDateTime(draft.savedAt)}.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClass("default", "sm")} onClick={onRestore}>
          استعادة المسودة غير المحفوظة
        </button>
        <button type="button" className={buttonClass("ghost", "sm")} onClick={onDiscard}>
          تجاهلها
        </button>
      </div>
    </div>
  );
}
