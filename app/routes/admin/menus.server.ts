import { data } from "react-router";
import type { z } from "zod";
import { auditedWrite } from "~/models/audit-log.server";
import { changeMenu, restoreDefaultMenu, restoreMenuRevision } from "~/models/menus.server";
import { formRefusal, isAccessRefusal, refusalAnswer } from "~/services/error-answers.server";
import { respondToMutation } from "~/services/staff-actions.server";
import { type ActionResult, formAnswer } from "~/shared/action-result";
import type { AuditAction } from "~/shared/audit-subjects";
import { DomainError } from "~/shared/domain-errors";
import { parseForm } from "~/shared/form-validation";
import {
  addEntry,
  MENU_NAMES,
  moveEntry,
  removeEntry,
  toggleHidden,
  updateEntry,
} from "~/shared/menus";
import type { Actor } from "~/shared/roles";
import { isRefusedValue, REQUEST_INVALID_VALUES } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import { toastHeader } from "~/utils/toast.server";
import { menuButtonSchema, menuItemFormSchema } from "./menus-schema";

const SAVE_FAILED = "فشل في حفظ القائمة";

/** Adds or edits an item: its errors beside their fields, the model's refusals as the form's. */
export async function saveMenuItem(actor: Actor, formData: FormData) {
  const submission = parseForm(formData, { schema: menuItemFormSchema });
  if (submission.status !== "success") {
    return formAnswer({ reply: submission.reply() }, { status: 400 });
  }
  const { intent, menu, id, fields } = submission.value;
  try {
    const action = intent === "add" ? "created" : "updated";
    await auditedWrite(
      { actor, subject: "menus", action, item: { id: menu, label: MENU_NAMES[menu] } },
      () =>
        changeMenu(actor, menu, (entries, labels) =>
          intent === "add"
            ? addEntry(entries, menu, fields)
            : updateEntry(entries, menu, id ?? "", fields, labels[id ?? ""] ?? ""),
        ),
    );
  } catch (error) {
    const refused = formRefusal(submission, error);
    if (refused) return refused;
    if (isRefusedValue(error)) {
      const reply = submission.reply({ formErrors: [REQUEST_INVALID_VALUES] });
      return formAnswer({ reply }, { status: 400 });
    }
    logger.error({ err: error, menu }, "failed to save a menu item");
    return formAnswer({ reply: submission.reply({ formErrors: [SAVE_FAILED] }) }, { status: 500 });
  }
  const toast = await toastHeader({
    type: "success",
    title: "تم الحفظ",
    description: intent === "add" ? `أُضيف «${fields.label}» إلى ${MENU_NAMES[menu]}` : "حُفظ العنصر",
  });
  return formAnswer(
    { reply: submission.reply({ resetForm: intent === "add" }) },
    { headers: { "Set-Cookie": toast } },
  );
}

type MenuButton = z.infer<typeof menuButtonSchema>;

const BUTTON_DONE: Record<MenuButton["intent"], string> = {
  "move-up": "نُقل العنصر",
  "move-down": "نُقل العنصر",
  "toggle-hidden": "حُفظت القائمة",
  remove: "حُذف العنصر (يمكنك استعادته من النسخ السابقة)",
  "restore-default": "عادت القائمة الأصلية",
  "restore-revision": "استُعيدت النسخة",
};

/** How the audit log names each button's change (docs/decisions/075). */
const BUTTON_ACTION: Record<MenuButton["intent"], AuditAction> = {
  "move-up": "reordered",
  "move-down": "reordered",
  "toggle-hidden": "updated",
  remove: "deleted",
  "restore-default": "restored",
  "restore-revision": "restored",
};

function runButton(actor: Actor, button: MenuButton) {
  const { menu } = button;
  switch (button.intent) {
    case "move-up":
    case "move-down":
      return changeMenu(actor, menu, (entries) =>
        moveEntry(entries, button.id, button.intent === "move-up" ? -1 : 1),
      );
    case "toggle-hidden":
      return changeMenu(actor, menu, (entries) => toggleHidden(entries, button.id));
    case "remove":
      return changeMenu(actor, menu, (entries) => removeEntry(entries, button.id));
    case "restore-default":
      return restoreDefaultMenu(actor, menu);
    case "restore-revision":
      return restoreMenuRevision(actor, menu, button.revisionId);
  }
}

/** A row's button, the original menu or a revision: answered with a toast, or why not. */
export async function pressMenuButton(actor: Actor, formData: FormData) {
  const submission = parseForm(formData, { schema: menuButtonSchema });
  if (submission.status !== "success") {
    return data<ActionResult>({ ok: false, message: "طلب غير صالح" }, { status: 400 });
  }
  const button = submission.value;
  const messages = {
    success: {
      type: "success" as const,
      title: "تم الحفظ",
      description: BUTTON_DONE[button.intent],
    },
    failure: SAVE_FAILED,
  };
  try {
    const item = { id: button.menu, label: MENU_NAMES[button.menu] };
    const action = BUTTON_ACTION[button.intent];
    await auditedWrite({ actor, subject: "menus", action, item }, async () => {
      await runButton(actor, button);
    });
  } catch (error) {
    // A refused change says why (an item gone meanwhile, an emptied menu), not only "failed".
    if (error instanceof DomainError && !isAccessRefusal(error)) return refusalAnswer(error);
    return respondToMutation(() => Promise.reject(error), messages);
  }
  return respondToMutation(async () => {}, messages);
}
