import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { containEvents } from "./contain-events";

/**
 * The frame of edit mode's dialogs (a card's form, a list's and a text's history): a modal over
 * the page whose events stay inside it (`containEvents`), a title, a description and a close
 * button; the body scrolls. With `leaveFocusToCaller` the dialog does not put focus back on
 * what opened it: the caller moves it where the change left things (the moved card, «تراجع»).
 */
export function EditDialog({
  title,
  description,
  closeLabel = "إغلاق",
  leaveFocusToCaller = false,
  onClose,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  closeLabel?: string;
  leaveFocusToCaller?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/50" {...containEvents} />
        <Dialog.Content
          {...containEvents}
          onCloseAutoFocus={leaveFocusToCaller ? (event) => event.preventDefault() : undefined}
          className="fixed inset-x-3 top-[4vh] z-[60] mx-auto flex max-h-[92vh] max-w-2xl flex-col rounded-2xl bg-white text-ink shadow-2xl"
        >
          <div className="flex items-start justify-between gap-3 border-b border-line p-5">
            <div>
              <Dialog.Title className="flex items-center gap-2 text-xl font-bold">
                {title}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-muted">{description}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={closeLabel}>
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
