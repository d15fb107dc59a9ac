import { History, RotateCcw } from "lucide-react";
import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDateTime, isoDate } from "~/shared/dates";
import { diffLines } from "~/shared/line-diff";
import { UNKNOWN_AUTHOR } from "~/shared/news";
import { ConfirmDialog } from "./confirm-dialog";

export interface RevisionSummary {
  id: string;
  title: string;
  /** The revision's plain text, one line a block. */
  text: string;
  savedAt: string | Date;
  savedByName: string | null;
}

/**
 * A post's saved versions, newest first: who saved each and when, a readable comparison with
 * the current title and text, and one-click restore (asked first when the form has unsaved
 * changes, which the restore replaces). Render it outside the post's own <form>.
 */
export function PostRevisions({
  postId,
  restorePath,
  revisions,
  currentTitle,
  currentText,
  unsavedChanges,
  onRestoreOverUnsaved,
}: {
  postId: string;
  /** Where a revision is restored (a page's revisions have their own address). */
  restorePath?: (revisionId: string) => string;
  revisions: RevisionSummary[];
  currentTitle: string;
  currentText: string;
  /** Whether the form has changes a restore would replace. */
  unsavedChanges: () => boolean;
  /** The form's changes are given up for the restore. */
  onRestoreOverUnsaved: () => void;
}) {
  const [compared, setCompared] = useState<string | null>(null);
  const [asked, setAsked] = useState<RevisionSummary | null>(null);
  const submit = useSubmit();
  const restoreAction = (revision: RevisionSummary) =>
    restorePath?.(revision.id) ??
    `/admin/dashboard/posts/${postId}/revisions/${revision.id}/restore`;
  return (
    <section
      aria-labelledby="revisions-title"
      className="mt-8 rounded-2xl border border-line bg-white p-5 md:p-8"
    >
      <h2 id="revisions-title" className="flex items-center gap-2 text-xl text-primary-dark">
        <History aria-hidden className="size-5" />
        النسخ السابقة
      </h2>
      {revisions.length === 0 ? (
        <p className="mt-3 text-muted">لا توجد نسخ محفوظة بعد.</p>
      ) : (
        <ol className="mt-4 divide-y divide-line">
          {revisions.map((revision, index) => (
            <li key={revision.id} className="py-3">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <p className="min-w-0 flex-1">
                  <time dateTime={isoDate(revision.savedAt)} className="font-medium">
                    {formatDateTime(revision.savedAt)}
                  </time>
                  <span className="text-muted">
                    {" "}
                    · {revision.savedByName?.trim() || UNKNOWN_AUTHOR}
                  </span>
                  {index === 0 && (
                    <span className="ms-2 text-sm text-primary">(النسخة الحالية)</span>
                  )}
                  <span className="block truncate text-sm text-muted">{revision.title}</span>
                </p>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-expanded={compared === revision.id}
                  onClick={() => setCompared(compared === revision.id ? null : revision.id)}
                >
                  مقارنة بالنص الحالي
                </Button>
                <Form method="post" action={restoreAction(revision)}>
                  <Button
                    type="submit"
                    size="sm"
                    variant="outline"
                    aria-label={`استعادة نسخة ${formatDateTime(revision.savedAt)}`}
                    onClick={(event) => {
                      if (!unsavedChanges()) return;
                      event.preventDefault();
                      setAsked(revision);
                    }}
                  >
                    <RotateCcw aria-hidden className="size-4" />
                    استعادة
                  </Button>
                </Form>
              </div>
              {compared === revision.id && (
                <Comparison
                  before={revision.text}
                  after={currentText}
                  beforeTitle={revision.title}
                  afterTitle={currentTitle}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={asked !== null}
        title="استعادة النسخة وترك تعديلاتك؟"
        message="في النموذج تعديلات لم تُحفظ بعد، وستحل النسخة المستعادة محلها فتضيع. احفظ تعديلاتك أولاً إن أردت إبقاءها نسخةً."
        confirmLabel="استعادة النسخة"
        cancelLabel="إلغاء"
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (!asked) return;
          onRestoreOverUnsaved();
          setAsked(null);
          void submit(null, { method: "post", action: restoreAction(asked) });
        }}
      />
    </section>
  );
}

function Comparison({
  before,
  after,
  beforeTitle,
  afterTitle,
}: {
  before: string;
  after: string;
  beforeTitle: string;
  afterTitle: string;
}) {
  const lines = diffLines(before, after);
  const titleChanged = beforeTitle !== afterTitle;
  if (!titleChanged && lines.every((line) => line.kind === "same")) {
    return <p className="mt-3 text-muted">لا فرق بين هذه النسخة والنص الحالي.</p>;
  }
  return (
    <div className="mt-3 space-y-1 rounded-xl bg-surface p-4 leading-loose">
      <p className="text-sm text-muted">
        <del className="bg-red-50 text-danger">المحذوف من هذه النسخة</del> ·{" "}
        <ins className="bg-green-50 text-green-800 no-underline">المضاف في النص الحالي</ins>
      </p>
      {titleChanged && (
        <p className="px-2 font-medium">
          العنوان:{" "}
          <del className="bg-red-50 text-danger">
            <span className="sr-only">محذوف: </span>
            {beforeTitle}
          </del>{" "}
          <ins className="bg-green-50 text-green-800 no-underline">
            <span className="sr-only">مضاف: </span>
            {afterTitle}
          </ins>
        </p>
      )}
      {lines.map((line, index) =>
        line.kind === "removed" ? (
          <del key={index} className="block bg-red-50 px-2 text-danger">
            <span className="sr-only">محذوف: </span>
            {line.text}
          </del>
        ) : line.kind === "added" ? (
          <ins key={index} className="block bg-green-50 px-2 text-green-800 no-underline">
            <span className="sr-only">مضاف: </span>
            {line.text}
          </ins>
        ) : (
          <p key={index} className="px-2">
            {line.text}
          </p>
        ),
      )}
    </div>
  );
}
