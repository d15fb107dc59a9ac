import { CalendarClock, Monitor, Pencil, Send, Smartphone, Undo2 } from "lucide-react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { ChartFigure } from "~/components/charts/chart-figure";
import { ErrorScreen } from "~/components/error-screen";
import { FormNotice } from "~/components/settings/form-notice";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import {
  countCampaignAudience,
  getCampaignForStaff,
  getCampaignProgress,
} from "~/models/campaigns.server";
import { campaignLinkClicks } from "~/models/reading-counts.server";
import { requireRole } from "~/services/permissions.server";
import type { ActionResult } from "~/shared/action-result";
import { campaignProgress } from "~/shared/campaign-status";
import { formatDateTime, isoDate, toRiyadhInput } from "~/shared/dates";
import { NotFoundError } from "~/shared/domain-errors";
import { clickRows, STATISTIC_CHARTS } from "~/shared/statistic-charts";
import type { Route } from "./+types/view";
import { campaignEmail, campaignPageAction } from "./view.server";

export const meta: Route.MetaFunction = () => [{ title: "معاينة الحملة وإرسالها | جمعية رفق" }];

/** The campaign as the e-mail it will be, its progress, and its buttons (editors and admins). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const campaign = await getCampaignForStaff(actor, params.id);
  if (!campaign) throw new NotFoundError("الحملة غير موجودة");
  const [progress, audience, clicks] = await Promise.all([
    getCampaignProgress(actor, campaign.id),
    countCampaignAudience(actor),
    campaignLinkClicks(actor, campaign.id),
  ]);
  return {
    campaign,
    progress,
    audience,
    clicks,
    email: campaignEmail(campaign).html,
    me: actor.email,
    // The schedule field's first value and its earliest: now, in Riyadh time.
    now: toRiyadhInput(new Date()),
  };
}

export const action = ({ request, params }: Route.ActionArgs) =>
  campaignPageAction(request, params.id, STAFF_PATHS.campaigns.view(params.id));

export function ErrorBoundary() {
  return <ErrorScreen />;
}

/** The e-mail in a frame of a mail client's width; `sandbox` runs nothing in it. */
function EmailFrame({ html, width, label }: { html: string; width: number; label: string }) {
  return (
    <figure className="space-y-2">
      <figcaption className="font-medium">{label}</figcaption>
      <iframe
        title={label}
        srcDoc={html}
        sandbox=""
        className="h-[36rem] max-w-full rounded-xl border border-line bg-white"
        style={{ width }}
      />
    </figure>
  );
}

function Intent({ value }: { value: string }) {
  return <input type="hidden" name="intent" value={value} />;
}

export default function CampaignPage() {
  const { campaign, progress, audience, clicks, email, me, now } = useLoaderData<typeof loader>();
  const answer = useActionData() as ActionResult | undefined;
  const errors = [
    ...(answer?.reply?.error?.[""] ?? []),
    ...Object.entries(answer?.reply?.error ?? {})
      .filter(([name]) => name !== "")
      .flatMap(([, messages]) => messages ?? []),
  ];
  const open = campaign.status === "draft" || campaign.status === "scheduled";
  const row = { ...progress, status: campaign.status, recipientCount: campaign.recipientCount };
  return (
    <div className="space-y-8">
      <AdminPageHeader
        title={campaign.subject}
        back={{ to: STAFF_PATHS.campaigns.list, label: "العودة إلى الحملات" }}
        badge={<StatusBadge status={campaign.status} label={campaignProgress(row)} />}
        actions={
          open && (
            <Link to={STAFF_PATHS.campaigns.edit(campaign.id)} className={buttonClass("outline")}>
              <Pencil aria-hidden className="size-5" />
              تعديل
            </Link>
          )
        }
      />
      {errors.length > 0 && (
        <FormNotice tone="error">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </FormNotice>
      )}

      {campaign.status !== "draft" && (
        <dl className="grid gap-4 sm:grid-cols-4">
          {[
            ["المستلمون", campaign.recipientCount],
            ["وصلت", progress.sent],
            ["تعذّرت", progress.failed],
            ["ألغوا الاشتراك بعدها", progress.unsubscribed],
          ].map(([label, value]) => (
            <div key={label} className="rounded-2xl border border-line bg-white p-5">
              <dt className="text-muted">{label}</dt>
              <dd className="text-3xl font-bold text-primary-dark">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {campaign.status === "scheduled" && campaign.sendAt && (
        <FormNotice tone="info">
          <p>
            تُرسل في{" "}
            <time dateTime={isoDate(campaign.sendAt)}>{formatDateTime(campaign.sendAt)}</time>{" "}
            بتوقيت الرياض.
          </p>
          <Form method="post">
            <Intent value="unschedule" />
            <Button type="submit" variant="outline">
              <Undo2 aria-hidden className="size-5" />
              ألغِ الجدولة وأعدها مسودة
            </Button>
          </Form>
        </FormNotice>
      )}

      {campaign.status !== "draft" && (
        <ChartFigure
          id="campaign-clicks"
          declaration={STATISTIC_CHARTS.clicks}
          rows={clickRows(clicks)}
        />
      )}

      <section aria-labelledby="preview-title" className="space-y-4">
        <h2 id="preview-title" className="text-xl font-bold">
          الرسالة كما تصل إلى المشتركين
        </h2>
        <div className="flex flex-wrap items-start gap-6">
          <EmailFrame html={email} width={640} label="على الحاسوب" />
          <EmailFrame html={email} width={375} label="على الجوال" />
        </div>
        <p className="flex gap-4 text-sm text-muted">
          <Monitor aria-hidden className="size-5" />
          <Smartphone aria-hidden className="size-5" />
          رابط إلغاء الاشتراك في المعاينة والرسالة التجريبية لا يلغي اشتراك أحد.
        </p>
      </section>

      <section
        aria-labelledby="send-title"
        className="space-y-4 rounded-2xl border border-line bg-white p-5 md:p-8"
      >
        <h2 id="send-title" className="text-xl font-bold">
          الإرسال
        </h2>
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <Intent value="test" />
          <Button type="submit" variant="outline">
            <Send aria-hidden className="size-5" />
            أرسل نسخة تجريبية إلى بريدي
          </Button>
          <span className="min-w-0 text-muted wrap-anywhere" dir="ltr">
            {me}
          </span>
        </Form>
        {open ? (
          <>
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <Intent value="send-now" />
              <Button type="submit">
                <Send aria-hidden className="size-5" />
                أرسلها الآن إلى {audience} مشتركاً مؤكَّداً
              </Button>
            </Form>
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <Intent value="schedule" />
              <div className="min-w-0 space-y-1">
                <label htmlFor="send-at" className="block font-medium">
                  أو في موعد (بتوقيت الرياض)
                </label>
                <input
                  id="send-at"
                  name="sendAt"
                  type="datetime-local"
                  required
                  min={now}
                  defaultValue={campaign.sendAt ? toRiyadhInput(campaign.sendAt) : ""}
                  className={inputClass}
                />
              </div>
              <Button type="submit" variant="outline">
                <CalendarClock aria-hidden className="size-5" />
                جدولة الإرسال
              </Button>
            </Form>
          </>
        ) : (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <Intent value="archive" />
            {!campaign.inArchive && <input type="hidden" name="inArchive" value="on" />}
            <p>
              {campaign.inArchive
                ? "تظهر هذه الحملة في أرشيف النشرة على الموقع بعد إرسالها."
                : "هذه الحملة مخفية من أرشيف النشرة."}
            </p>
            <Button type="submit" variant="outline">
              {campaign.inArchive ? "أخفِها من الأرشيف" : "اعرضها في الأرشيف"}
            </Button>
          </Form>
        )}
      </section>
    </div>
  );
}
