import { RotateCcw } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/shared/action-result";
import { cn } from "~/shared/cn";
import { formatDateTime, isoDate } from "~/shared/dates";

/** A saved version as a history lists it. */
interface SavedVersion {
  id: string;
  savedAt: string;
  savedBy: string;
}

/** What is stored now; `updatedAt` goes back with a restore to detect a concurrent change. */
interface StoredVersion {
  updatedAt: string;
}

/** What a history endpoint answers: what is stored now (null: the built-in one) and its versions. */
interface Versions<Version extends SavedVersion, Stored extends StoredVersion> {
  current: Stored | null;
  revisions: Version[];
}

/** The write a restore sends. */
type RestoreFields = { intent: "restore"; revisionId: string } | { intent: "reset" };

/** A history's restore action: a page text's or a card list's write. */
export interface RestoreAction {
  write: (fields: RestoreFields, expectedUpdatedAt: string | undefined) => unknown;
  busy: boolean;
}

/**
 * Loads the history at `url`. `showRefusal` says why a restore was refused (someone changed the
 * content meanwhile) and loads the history again, so it lists what is stored now.
 */
export function useVersionHistory<Version extends SavedVersion, Stored extends StoredVersion>(
  url: string,
) {
  const fetcher = useFetcher<ActionResult<Versions<Version, Stored>>>();
  const [notice, setNotice] = useState<string | null>(null);
  const { load } = fetcher;
  useEffect(() => {
    load(url);
  }, [load, url]);
  const showRefusal = useCallback(
    (message: string) => {
      setNotice(message);
      load(url);
    },
    [load, url],
  );
  const answer: ActionResult<Versions<Version, Stored>> | undefined = fetcher.data;
  return { answer, loading: fetcher.state !== "idle", notice, showRefusal };
}

export type VersionHistoryState<
  Version extends SavedVersion,
  Stored extends StoredVersion,
> = ReturnType<typeof useVersionHistory<Version, Stored>>;

/**
 * The body of a history dialog: every saved version with who saved it and when, newest first,
 * then the built-in one; each but the one shown now has a restore button. Restoring a version is a
 * new save of it; restoring the built-in one deletes what is stored.
 */
export function VersionHistory<Version extends SavedVersion, Stored extends StoredVersion>({
  history,
  restore,
  showVersion,
  isShownNow,
  builtIn,
  emptyText,
  shownNowLabel,
}: {
  history: VersionHistoryState<Version, Stored>;
  restore: RestoreAction;
  /** What a version holds, as its entry shows it. */
  showVersion: (version: Version) => ReactNode;
  /** Is this version what is stored now, so what the page shows? */
  isShownNow: (version: Version, stored: Stored) => boolean;
  /** The built-in version: what it holds and the line that names it. */
  builtIn: { content: ReactNode; meta: ReactNode };
  /** Said when nothing was saved yet. */
  emptyText: string;
  /** The badge of the version shown now («المعروض حالياً»). */
  shownNowLabel: string;
}) {
  const { answer, loading, notice } = history;
  const loaded = answer?.ok ? answer : null;
  const current = loaded?.current ?? null;

  return (
    <div className="overflow-y-auto p-5" aria-busy={loading}>
      {notice && (
        <p role="alert" className="mb-4 rounded-xl bg-accent-light p-3">
          {notice}
        </p>
      )}
      {answer && !answer.ok ? (
        <p role="alert" className="text-danger">
          {answer.message}
        </p>
      ) : !loaded ? (
        <p role="status">جارٍ تحميل السجل…</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {loaded.revisions.length === 0 && <li className="text-muted">{emptyText}</li>}
          {loaded.revisions.map((version) => (
            <VersionEntry
              key={version.id}
              content={showVersion(version)}
              meta={
                <>
                  {version.savedBy} ·{" "}
                  <time dateTime={isoDate(version.savedAt)}>{formatDateTime(version.savedAt)}</time>
                </>
              }
              shownNow={current !== null && isShownNow(version, current)}
              shownNowLabel={shownNowLabel}
              busy={restore.busy}
              onRestore={() =>
                restore.write({ intent: "restore", revisionId: version.id }, current?.updatedAt)
              }
            />
          ))}
          <VersionEntry
            content={builtIn.content}
            meta={builtIn.meta}
            shownNow={!current}
            shownNowLabel={shownNowLabel}
            busy={restore.busy}
            onRestore={() => restore.write({ intent: "reset" }, current?.updatedAt)}
          />
        </ol>
      )}
    </div>
  );
}

function VersionEntry({
  content,
  meta,
  shownNow,
  shownNowLabel,
  busy,
  onRestore,
}: {
  content: ReactNode;
  meta: ReactNode;
  shownNow: boolean;
  shownNowLabel: string;
  busy: boolean;
  onRestore: () => void;
}) {
  return (
    <li
      className={cn(
        "flex flex-col gap-3 rounded-xl border p-4",
        shownNow ? "border-primary bg-primary-light" : "border-line",
      )}
    >
      {content}
      <div className="flex flex-wrap items-center justify-between gap-2 text-muted">
        <span>{meta}</span>
        {shownNow ? (
          <span className="rounded-full bg-primary px-3 py-1 text-sm text-white">
            {shownNowLabel}
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
