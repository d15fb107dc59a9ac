import { getFormProps, useForm } from "@conform-to/react";
import { HandHeart } from "lucide-react";
import { Form, useLoaderData, useSearchParams } from "react-router";
import { InboxCards, InboxScreen } from "~/components/admin/inbox-screen";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, inputClass } from "~/components/ui/field";
import type { Volunteer } from "~/models/volunteers.server";
import {
  deleteVolunteer,
  listVolunteersPageForStaff,
  updateVolunteer,
  VOLUNTEERS_PAGE_SIZE,
} from "~/models/volunteers.server";
import { answerInboxAction } from "~/services/inbox.server";
import { requireRole } from "~/services/permissions.server";
import { formAnswer } from "~/shared/action-result";
import { browserValidation, parseForm } from "~/shared/form-validation";
import { volunteerFiltersOf } from "~/shared/outreach-filters";
import { pageFrom, pagingOf } from "~/shared/pagination";
import { toastHeader } from "~/utils/toast.server";
import type { Route } from "./+types/volunteers";
import {
  VOLUNTEER_STATUS_OPTIONS,
  volunteerInbox,
  volunteerUpdateSchema,
} from "./volunteers-schema";

export const meta: Route.MetaFunction = () => [{ title: "المتطوعون | جمعية رفق" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const page = pageFrom(request.url);
  const listed = await listVolunteersPageForStaff(actor, {
    ...volunteerFiltersOf(new URL(request.url)),
    page,
  });
  return {
    volunteers: listed.items,
    ...pagingOf(listed, VOLUNTEERS_PAGE_SIZE),
  };
}

/** `intent=update` (status, staff note) for editors; `intent=delete` (id) for admins. */
export async function action({ request }: Route.ActionArgs) {
  return answerInboxAction(request, volunteerInbox, deleteVolunteer, async (actor, formData) => {
    const submission = parseForm(formData, { schema: volunteerUpdateSchema });
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
  });
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

function StatusForm({ volunteer }: { volunteer: Volunteer }) {
  const [form, fields] = useForm({
    id: `volunteer-${volunteer.id}`,
    defaultValue: { status: volunteer.status, staffNote: volunteer.staffNote ?? "" },
    ...browserValidation(volunteerUpdateSchema),
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
          {VOLUNTEER_STATUS_OPTIONS.map((option) => (
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

export default function VolunteersInbox() {
  const { volunteers, total, page, hasMore, pageCount } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <InboxScreen
      inbox={volunteerInbox}
      csvHref={`${STAFF_PATHS.volunteersExport}?${params}`}
      icon={HandHeart}
      total={total}
      pages={{ page, hasMore, pageCount }}
    >
      <InboxCards
        inbox={volunteerInbox}
        rows={volunteers}
        actions={(volunteer) => <StatusForm volunteer={volunteer} />}
      />
    </InboxScreen>
  );
}
