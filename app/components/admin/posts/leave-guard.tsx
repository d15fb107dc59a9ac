import { useBlocker } from "react-router";
import { ConfirmDialog } from "../confirm-dialog";

/**
 * Leaving by an in-app link (the sidebar, the back link) with unsaved changes asks first;
 * closing the tab is asked by the browser (beforeunload, in useAutosave).
 */
export function LeaveGuard({ mustAsk }: { mustAsk: () => boolean }) {
  const leave = useBlocker(
    ({ currentLocation, nextLocation }) =>
      mustAsk() && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={leave.state === "blocked"}
      title="مغادرة دون حفظ؟"
      message="لم تُحفظ تعديلاتك على هذا المقال. ستبقى مسودة غير منشورة تُعرض عليك حين تعود إليه."
      confirmLabel="مغادرة الصفحة"
      onConfirm={() => leave.proceed?.()}
      onCancel={() => leave.reset?.()}
    />
  );
}
