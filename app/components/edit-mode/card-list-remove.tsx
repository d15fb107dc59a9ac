import { Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { Button } from "~/components/ui/button";
import { containEvents } from "./contain-events";

/** Asks before a card is removed; the list then offers to undo it. */
export function RemoveCardDialog({
  title,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-ink/50" {...containEvents} />
        <AlertDialog.Content
          {...containEvents}
          // The list puts focus where the change left it (the moved card, the undo button).
          onCloseAutoFocus={(event) => event.preventDefault()}
          className="fixed inset-x-3 top-[20vh] z-[60] mx-auto max-w-lg rounded-2xl bg-white p-6 text-ink shadow-2xl"
        >
          <AlertDialog.Title className="text-xl font-bold">حذف البطاقة؟</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-lg">
            ستُحذف بطاقة «{title}» من القائمة، ويمكنك التراجع عن ذلك بعد الحذف.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button variant="destructive" pending={busy} onClick={onConfirm}>
              <Trash2 aria-hidden className="size-5" />
              حذف البطاقة
            </Button>
            <AlertDialog.Cancel asChild>
              <Button variant="outline">إلغاء</Button>
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
