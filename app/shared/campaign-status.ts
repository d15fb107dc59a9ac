import type { CampaignStatus } from "./statuses";

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "مسودة",
  scheduled: "مجدولة",
  sending: "قيد الإرسال",
  sent: "أُرسلت",
};

/** What the list says of a campaign's progress: "قيد الإرسال 120/400" while it goes. */
export function campaignProgress(row: {
  status: CampaignStatus;
  sent: number;
  failed: number;
  skipped: number;
  recipientCount: number;
}): string {
  const label = CAMPAIGN_STATUS_LABELS[row.status];
  if (row.status !== "sending") return label;
  return `${label} ${row.sent + row.failed + row.skipped}/${row.recipientCount}`;
}
