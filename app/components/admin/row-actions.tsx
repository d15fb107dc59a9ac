import {
  Eye as EyeIcon,
  EyeOff as EyeOffIcon,
  Loader2 as LoaderIcon,
  Pencil as PencilIcon,
  Trash2 as TrashIcon,
} from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useId, useRef, useState } from "react";
import { type FetcherWithComponents, Link, useFetcher } from "react-router";
import { focusAfterRemoval } from "~/components/focus";
import { Button, buttonClass } from "~/components/ui/button";
import { lightIcon } from "~/components/ui/light-icon";
import type { ActionResult } from "~/shared/action-result";
import { cn } from "~/shared/cn";
import { useMutationFeedback } from "./mutation-feedback";

/**
 * Row buttons of the staff lists. Each posts `intent` and `id` to the list route's own action
 * (see runListMutation) through a fetcher, so the list stays where it is while it refreshes.
 */

/**
 * Row buttons are big enough for a finger (their size `sm` is 44 px high); the desktop table makes
 * them compact and equally wide itself (see DataTable), so the same buttons also sit side by side
 * in a card.
 */
const rowButton = "whitespace-nowrap";
const EDIT_LINK = cn(buttonClass("outline", "sm"), rowButton);

// Every row draws these: built once (docs/decisions/080).
const Eye = lightIcon(EyeIcon);
const EyeOff = lightIcon(EyeOffIcon);
const Loader2 = lightIcon(LoaderIcon);
const Pencil = lightIcon(PencilIcon);
const Trash2 = lightIcon(TrashIcon);

/** Edit link of a row; `title` names the item for screen readers. */
export function EditLink({ to, title }: { to: string; title: string }) {
  return (
    <Link to={to} className={EDIT_LINK} aria-label={`تعديل «${title}»`}>
      <Pencil aria-hidden className="size-4" />
      تعديل
    </Link>
  );
}

/** A row's fetcher: its buttons share one, so a row sends one change at a time. */
type RowFetcher = FetcherWithComponents<ActionResult>;

/** What `fetcher` is sending for this row, if anything (`publish-toggle` | `delete`). */
const sending = (fetcher: RowFetcher) =>
  fetcher.state === "idle" ? null : fetcher.formData?.get("intent");

/** Publishes a draft (or archived item) or takes a published one back to draft. */
export function PublishToggleButton({
  fetcher,
  id,
  title,
  published,
}: {
  fetcher: RowFetcher;
  id: string;
  title: string;
  published: boolean;
}) {
  const toggling = sending(fetcher) === "publish-toggle";
  const label = published ? "إلغاء النشر" : "نشر";
  return (
    // `contents`: the button, not the form, is the item of the row's flex layout.
    <fetcher.Form method="post" className="contents">
      <input type="hidden" name="intent" value="publish-toggle" />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        variant={published ? "secondary" : "default"}
        size="sm"
        className={rowButton}
        pending={fetcher.state !== "idle"}
        aria-label={`${label} «${title}»`}
      >
        {toggling ? (
          <Loader2 aria-hidden className="size-4 animate-spin" />
        ) : published ? (
          <EyeOff aria-hidden className="size-4" />
        ) : (
          <Eye aria-hidden className="size-4" />
        )}
        {label}
      </Button>
    </fetcher.Form>
  );
}

/**
 * Delete with a confirmation dialog (Radix AlertDialog), on its own fetcher: nothing is sent
 * until the user confirms; the dialog stays open, busy, until the server answers.
 */
export function ConfirmDeleteButton(props: {
  id: string;
  /** The item's title, named in the button's label and the dialog. */
  title: string;
  /** The spec's confirmation text, e.g. 'هل أنت متأكد من حذف هذا المقال؟ …'. */
  message: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useMutationFeedback(fetcher.data);
  return <DeleteWithConfirmation fetcher={fetcher} {...props} />;
}

/**
 * The delete button on a given fetcher (a row's, shared with its other buttons). The dialog
 * exists only while it is open: every row of a list has this button, and a closed Radix dialog
 * per row was a tenth of a staff list's render (docs/decisions/080). The button says what Radix's
 * trigger says (aria-haspopup, aria-expanded, data-state), and focus comes back to it when the
 * dialog closes.
 */
function DeleteWithConfirmation({
  fetcher,
  id,
  title,
  message,
}: {
  fetcher: RowFetcher;
  id: string;
  title: string;
  message: string;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const busy = fetcher.state !== "idle";
  const deleting = sending(fetcher) === "delete";
  const shown = open || deleting;
  const dialogId = useId();
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="sm"
        className={cn(rowButton, "text-danger")}
        pending={busy && !deleting}
        aria-label={`حذف «${title}»`}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={shown}
        aria-controls={shown ? dialogId : undefined}
        data-state={shown ? "open" : "closed"}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden className="size-4" />
        حذف
      </Button>
      {shown && (
        <AlertDialog.Root open onOpenChange={setOpen}>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
            <AlertDialog.Content
              id={dialogId}
              dir="rtl"
              className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[min(92vw,30rem)] -translate-y-1/2 space-y-4 rounded-2xl bg-white p-6 shadow-xl"
              onCloseAutoFocus={(event) => {
                // Radix returns focus to its own trigger; this button stands in for it.
                event.preventDefault();
                trigger.current?.focus();
              }}
            >
              <AlertDialog.Title className="text-xl font-bold">حذف «{title}»</AlertDialog.Title>
              <AlertDialog.Description className="text-muted">{message}</AlertDialog.Description>
              <div className="flex flex-wrap justify-end gap-3">
                <AlertDialog.Cancel asChild>
                  <Button variant="outline" pending={deleting}>
                    إلغاء
                  </Button>
                </AlertDialog.Cancel>
                <Button
                  variant="destructive"
                  pending={deleting}
                  onClick={async () => {
                    // The row goes away with its button: focus moves to the next row (or back here).
                    const restoreFocus = focusAfterRemoval(trigger.current);
                    setOpen(false);
                    await fetcher.submit({ intent: "delete", id }, { method: "post" });
                    restoreFocus();
                  }}
                >
                  {deleting ? (
                    <Loader2 aria-hidden className="size-4 animate-spin" />
                  ) : (
                    <Trash2 aria-hidden className="size-4" />
                  )}
                  نعم، احذف
                </Button>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      )}
    </>
  );
}

/**
 * The buttons of one row of a staff list: publish/unpublish (only for what has a status),
 * edit, and delete after `deleteMessage` is confirmed.
 */
export function StaffRowActions({
  row,
  editTo,
  deleteMessage,
}: {
  row: { id: string; title: string; status?: string };
  editTo: string;
  deleteMessage: string;
}) {
  // One fetcher a row, not one a button: a list of 50 rows renders 50 fewer (docs/decisions/080).
  const fetcher = useFetcher<ActionResult>();
  useMutationFeedback(fetcher.data);
  return (
    <>
      {row.status && (
        <PublishToggleButton
          fetcher={fetcher}
          id={row.id}
          title={row.title}
          published={row.status === "published"}
        />
      )}
      <EditLink to={editTo} title={row.title} />
      <DeleteWithConfirmation
        fetcher={fetcher}
        id={row.id}
        title={row.title}
        message={deleteMessage}
      />
    </>
  );
}
