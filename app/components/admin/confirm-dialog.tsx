import { AlertDialog } from "radix-ui";
import { Button } from "~/components/ui/button";

/**
 * A question that must be answered before something is lost (leaving with unsaved changes,
 * restoring over them): the same Radix AlertDialog as the lists' delete confirmation, opened
 * by its owner rather than by a trigger. Escape or "cancel" keeps things as they are.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = "البقاء في الصفحة",
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <AlertDialog.Content
          dir="rtl"
          className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[min(92vw,30rem)] -translate-y-1/2 space-y-4 rounded-2xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-xl font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-muted">{message}</AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: closing is the owner's answer, not a second "cancel". */}
            <Button variant="destructive" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
