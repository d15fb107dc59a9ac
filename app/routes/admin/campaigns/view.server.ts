import { auditContentWrite } from "~/models/audit-log.server";
import {
  getCampaignForStaff,
  scheduleCampaign,
  setCampaignInArchive,
  unscheduleCampaign,
} from "~/models/campaigns.server";
import { renderCampaignEmail, unsubscribeHeaders } from "~/services/campaign-email.server";
import { formRefusal } from "~/services/error-answers.server";
import { readStaffForm } from "~/services/staff-forms.server";
import { formAnswer, type Toast } from "~/shared/action-result";
import type { AuditAction } from "~/shared/audit-subjects";
import { CONTENT_TYPES } from "~/shared/content-types";
import { NotFoundError } from "~/shared/domain-errors";
import { parseForm } from "~/shared/form-validation";
import type { Actor } from "~/shared/roles";
import { getSiteUrl } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { sendMail } from "~/utils/mailer.server";
import { redirectWithToast } from "~/utils/toast.server";
import { campaignSendSchema } from "./campaign-schema";

/** A campaign as an e-mail, for the preview and the test (its unsubscribe link goes nowhere). */
export function campaignEmail(campaign: {
  id: string;
  subject: string;
  bodyHtml: string;
  inArchive: boolean;
}) {
  const siteUrl = getSiteUrl();
  const unsubscribeUrl = `${siteUrl}/newsletter/unsubscribe`;
  return {
    unsubscribeUrl,
    ...renderCampaignEmail({
      subject: campaign.subject,
      bodyHtml: campaign.bodyHtml,
      siteUrl,
      unsubscribeUrl,
      archiveUrl: campaign.inArchive ? `${siteUrl}/newsletter/archive/${campaign.id}` : undefined,
    }),
  };
}

export const TEST_SUBJECT_PREFIX = "[تجربة]";
const SEND_FAILED = "تعذّر إرسال الرسالة التجريبية، حاول بعد قليل";

/** The campaign to the staff member's own address, at once (one message, not the queue). */
async function sendTest(actor: Actor, id: string) {
  const campaign = await getCampaignForStaff(actor, id);
  if (!campaign) throw new NotFoundError("الحملة غير موجودة");
  const { html, text, unsubscribeUrl } = campaignEmail(campaign);
  await sendMail({
    to: actor.email,
    subject: `${TEST_SUBJECT_PREFIX} ${campaign.subject}`,
    html,
    text,
    headers: unsubscribeHeaders(unsubscribeUrl),
  });
  return actor.email;
}

/** The campaign page's buttons: test, send now, schedule, back to draft, archive on/off. */
export async function campaignPageAction(request: Request, id: string, back: string) {
  const { actor, formData } = await readStaffForm(request);
  const submission = parseForm(formData ?? new FormData(), { schema: campaignSendSchema });
  if (submission.status !== "success") {
    return formAnswer({ reply: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  // Each button's write is in the audit log with it, named by the campaign's subject (075).
  const audited = <T>(action: AuditAction, run: () => Promise<T>) =>
    auditContentWrite(actor, CONTENT_TYPES.campaigns, action, id, run);
  let toast: Toast;
  try {
    switch (value.intent) {
      case "test": {
        // The message goes at once and cannot be taken back: its row is written once it went,
        // and no transaction is held while the mail server answers.
        const to = await sendTest(actor, id);
        await audited("test_sent", async () => to);
        toast = { type: "success", title: "أُرسلت الرسالة التجريبية", description: `إلى ${to}` };
        break;
      }
      case "send-now":
        await audited("sent", () => scheduleCampaign(actor, id, null));
        toast = {
          type: "success",
          title: "بدأ الإرسال",
          description: "تُرسل الحملة إلى المشتركين المؤكَّدين",
        };
        break;
      case "schedule":
        await audited("scheduled", () => scheduleCampaign(actor, id, value.sendAt));
        toast = {
          type: "success",
          title: "جُدولت الحملة",
          description: "تُرسل في الموعد الذي اخترته",
        };
        break;
      case "unschedule":
        await audited("unscheduled", () => unscheduleCampaign(actor, id));
        toast = { type: "success", title: "أُلغيت الجدولة", description: "عادت الحملة مسودة" };
        break;
      case "archive":
        await audited(value.inArchive ? "archived" : "unarchived", () =>
          setCampaignInArchive(actor, id, value.inArchive),
        );
        toast = {
          type: "success",
          title: "تم الحفظ",
          description: value.inArchive ? "تظهر الحملة في أرشيف النشرة" : "أُخفيت الحملة من الأرشيف",
        };
        break;
    }
  } catch (error) {
    const refused = formRefusal(submission, error);
    if (refused) return refused;
    logger.error({ err: error, id, intent: value.intent }, "a campaign action failed");
    const message = value.intent === "test" ? SEND_FAILED : "فشل في تنفيذ الطلب، حاول مرة أخرى";
    return formAnswer({ reply: submission.reply({ formErrors: [message] }) }, { status: 500 });
  }
  return redirectWithToast(back, toast);
}
