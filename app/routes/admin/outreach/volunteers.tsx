import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download, HandHeart } from "lucide-react";
import { Form, useLoaderData, useRouteLoaderData, useSearchParams } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { EmptyState } from "~/components/admin/empty-state";
import { ConfirmDeleteButton } from "~/components/admin/row-actions";
import { SearchBar } from "~/components/admin/search-bar";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { PageLinks } from "~/components/page-links";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { CITIES } from "~/content/cities";
import {
  availabilityLabels,
  interestLabels,
  OTHER_CITY,
  VOLUNTEER_STATUS_LABELS,
} from "~/content/volunteer";
import type { Volunteer } from "~/models/volunteers.server";
import {
  deleteVolunteer,
  listVolunteersPageForStaff,
  updateVolunteer,
  VOLUNTEERS_PAGE_SIZE,
} from "~/models/volunteers.server";
import { getStaffActor, requireRole } from "~/services/permissions.server";
import { respondToMutation } from "~/services/staff-actions.server";
import { formAnswer } from "~/shared/action-result";
import { formatShortDate, isoDate } from "~/shared/dates";
import { browserValidation } from "~/shared/form-validation";
import { cityName, localMobile } from "~/shared/outreach-fields";
import { volunteerFiltersOf } from "~/shared/outreach-filters";
import { pageFrom } from "~/shared/pagination";
import { type Actor, hasRole } from "~/shared/roles";
import { volunteerStatuses } from "~/shared/statuses";
import { optionalParagraphs } from "~/shared/text-fields";
import { readFormData } from "~/utils/form-data.server";
import { toastHeader } from "~/utils/toast.server";
import type { Route } from "./+types/volunteers";

export const meta: Route.MetaFunction = () => [{ title: "المتطوعون | جمعية رفق" }];

const INVALID_REQUEST = "طلب غير صالح";
const DELETE_CONFIRMATION =
  "سيُحذف طلب هذا الشخص وكل بياناته نهائياً، كما يطلب من يريد أن تُنسى بياناته. لا يمكن التراجع.";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const page = pageFrom(request.url);
  const listed = await listVolunteersPageForStaff(actor, {
    ...volunteerFiltersOf(new URL(request.url)),
    page,
  });
  return {
    volunteers: listed.items,
    total: listed.total,
    page,
    hasMore: listed.hasMore,
    pageCount: Math.ceil(listed.total / VOLUNTEERS_PAGE_SIZE),
  };
}

const updateSchema = z.object({
  intent: z.literal("update", { error: INVALID_REQUEST }),
  id: z.string({ error: INVALID_REQUEST }).max(100, INVALID_REQUEST),
  status: z.enum(volunteerStatuses, { error: "اختر الحالة" }),
  staffNote: optionalParagraphs(1000, "الملاحظة يجب ألا تزيد على 1000 حرف"),
});

export async function action({ request }: Route.ActionArgs) {
  // The staff gate (role and two-factor) before the body is read; the model checks the role again.
  const actor = await getStaffActor(request);
  const formData = await readFormData(request);
  if (formData.get("intent") === "delete") {
    const id = String(formData.get("id") ?? "").slice(0, 100);
    return respondToMutation(() => deleteVolunteer(actor, id), {
      success: { type: "success", title: "تم الحذف", description: "حُذفت بيانات المتطوع نهائياً" },
      failure: "فشل في حذف بيانات المتطوع",
    });
  }
  const submission = parseWithZod(formData, { schema: updateSchema });
  if (submission.status !== "success") {
    return formAnswer({ reply: submission.reply() }, { status: 400 });
  }
  const { id, status, staffNote } = submission.value;
  await updateVolunteer(actor, id, { status, staffNote: staffNote || null });
  const toast = await toastHeader({
    type: "success",
    title: "تم الحفظ",
    description: "حُفظت حالة المتطوع",
  });
  return formAnswer({ reply: submission.reply() }, { headers: { "Set-Cookie": toast } });
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

const STATUS_OPTIONS = volunteerStatuses.map((value) => ({
  value,
  label: VOLUNTEER_STATUS_LABELS[value],
}));

function StatusForm({ volunteer }: { volunteer: Volunteer }) {
  const [form, fields] = useForm({
    id: `volunteer-${volunteer.id}`,
    defaultValue: { status: volunteer.status, staffNote: volunteer.staffNote ?? "" },
    ...browserValidation(updateSchema),
  });
  return (
    <Form method="post" preventScrollReset className="space-y-3" {...getFormProps(form)}>
      <ErrorSummary />
      <input type="hidden" name="id" value={volunteer.id} />
      <div className="space-y-1">
        <label htmlFor={fields.status.id} className="block font-medium">
          الحالة
        </label>
        <select
          id={fields.status.id}
          name={fields.status.name}
          key={`${fields.status.key}-${volunteer.status}`}
          defaultValue={volunteer.status}
          className={inputClass}
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={fields.staffNote.id} className="block font-medium">
          ملاحظة الفريق
        </label>
        <textarea
          id={fields.staffNote.id}
          name={fields.staffNote.name}
          key={`${fields.staffNote.key}-${volunteer.staffNote}`}
          defaultValue={volunteer.staffNote ?? ""}
          rows={2}
          className={inputClass}
        />
        <FieldErrors id={fields.staffNote.errorId} errors={fields.staffNote.errors} />
      </div>
      <Button type="submit" name="intent" value="update" variant="outline" size="sm">
        حفظ الحالة
      </Button>
    </Form>
  );
}

function VolunteerCard({ volunteer, actor }: { volunteer: Volunteer; actor: Pick<Actor, "role"> }) {
  return (
    // The status form goes beside the details only when the list is wide enough for both
    // (a container query in rem: beside the sidebar and with larger text it stays below).
    <li className="grid gap-4 rounded-2xl border border-line bg-white p-5 @3xl:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="min-w-0 text-xl break-words">{volunteer.fullName}</h2>
          <span className="rounded-full bg-primary-light px-3 py-1 text-sm text-primary-dark">
            {VOLUNTEER_STATUS_LABELS[volunteer.status]}
          </span>
        </div>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="text-muted">الجوال</dt>
          <dd>
            <a href={`tel:${volunteer.phone}`} dir="ltr" className="underline">
              {localMobile(volunteer.phone)}
            </a>
          </dd>
          {volunteer.email && (
            <>
              <dt className="text-muted">البريد</dt>
              <dd dir="ltr" className="text-end wrap-anywhere">
                {volunteer.email}
              </dd>
            </>
          )}
          <dt className="text-muted">المدينة</dt>
          <dd>{cityName(volunteer.city)}</dd>
          <dt className="text-muted">المجالات</dt>
          <dd>{interestLabels(volunteer.interests).join("، ")}</dd>
          <dt className="text-muted">الأوقات</dt>
          <dd>{availabilityLabels(volunteer.availability).join("، ")}</dd>
          <dt className="text-muted">تاريخ الطلب</dt>
          <dd>
            <time dateTime={isoDate(volunteer.createdAt)}>
              {formatShortDate(volunteer.createdAt)}
            </time>
          </dd>
        </dl>
        {volunteer.message && (
          <p className="whitespace-pre-line rounded-xl bg-surface p-3 wrap-anywhere">
            {volunteer.message}
          </p>
        )}
      </div>
      <div className="min-w-0 space-y-3">
        <StatusForm volunteer={volunteer} />
        {hasRole(actor, "admin") && (
          <ConfirmDeleteButton
            id={volunteer.id}
            title={volunteer.fullName}
            message={DELETE_CONFIRMATION}
          />
        )}
      </div>
    </li>
  );
}

export default function VolunteersInbox() {
  const { volunteers, total, page, hasMore, pageCount } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData("routes/admin/dashboard-layout") as
    | { actor: Actor }
    | undefined;
  const actor = layout?.actor ?? { role: "editor" as const };
  const [params] = useSearchParams();
  const searching = ["q", "status", "city"].some((name) => params.get(name));
  return (
    <>
      <AdminPageHeader
        title="المتطوعون"
        description="طلبات التطوع الواردة من صفحة التطوع. غيّر الحالة بعد التواصل، واحذف بيانات من يطلب ذلك."
        actions={
          <a
            href={`${STAFF_PATHS.volunteersExport}?${params}`}
            className={buttonClass("outline")}
            download
          >
            <Download aria-hidden className="size-5" />
            تنزيل CSV
          </a>
        }
      />
      <SearchBar
        label="ابحث في المتطوعين"
        placeholder="الاسم أو الجوال أو البريد"
        filters={[
          {
            name: "status",
            label: "الحالة",
            options: [{ value: "", label: "كل الحالات" }, ...STATUS_OPTIONS],
          },
          {
            name: "city",
            label: "المدينة",
            options: [
              { value: "", label: "كل المدن" },
              ...CITIES.map((city) => ({ value: city.key, label: city.name })),
              { value: OTHER_CITY.key, label: OTHER_CITY.name },
            ],
          },
        ]}
      />
      <p className="mb-4 text-muted" role="status">
        عدد الطلبات: {total}
      </p>
      {total === 0 ? (
        <EmptyState
          searching={searching}
          icon={HandHeart}
          emptyTitle="لا توجد طلبات تطوع بعد"
          emptyText="تظهر هنا طلبات التطوع فور إرسالها من صفحة التطوع."
        />
      ) : (
        <ul className="@container space-y-4">
          {volunteers.map((volunteer) => (
            <VolunteerCard key={volunteer.id} volunteer={volunteer} actor={actor} />
          ))}
        </ul>
      )}
      <PageLinks
        page={page}
        hasMore={hasMore}
        pageCount={pageCount}
        label="صفحات طلبات التطوع"
        newer="الطلبات الأحدث"
        older="الطلبات الأقدم"
      />
    </>
  );
}
