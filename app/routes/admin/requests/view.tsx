import { getInputProps } from "@conform-to/react";
import { useLoaderData } from "react-router";
import type { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { RequestAnswer, RequestHistory } from "~/components/admin/request-details";
import { SelectField } from "~/components/admin/select-field";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { IntentForm, useIntentForm } from "~/components/settings/intent-form";
import { FieldFrame, inputClass, TextareaField, useFieldDescription } from "~/components/ui/field";
import {
  addRequestNote,
  assignRequest,
  changeRequestState,
  getRequestForStaff,
  listRequestAssignees,
  setRequestDue,
} from "~/models/requests.server";
import { formRefusal } from "~/services/error-answers.server";
import { publicBaseUrl } from "~/services/news-feed.server";
import { requireRole } from "~/services/permissions.server";
import { readStaffForm } from "~/services/staff-forms.server";
import { formAnswer } from "~/shared/action-result";
import { parseForm } from "~/shared/form-validation";
import {
  MESSAGE_REQUIRED_STATES,
  REQUEST_STATE_LABELS,
  REQUEST_TRANSITIONS,
} from "~/shared/request-states";
import { toastHeader } from "~/utils/toast.server";
import type { Route } from "./+types/view";
import { REQUEST_INTENTS, REQUEST_SCHEMAS, type RequestIntent } from "./view-schema";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.request.request.reference ?? "الطلب"} | جمعية رفق` },
];

/** Editors and admins (docs/decisions/072). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const [found, assignees] = await Promise.all([
    getRequestForStaff(actor, params.id),
    listRequestAssignees(actor),
  ]);
  return { request: found, assignees };
}

const SAVED: Record<RequestIntent, string> = {
  state: "غُيّرت حالة الطلب",
  assign: "حُفظ المسؤول عن الطلب",
  due: "حُفظ موعد الإنجاز",
  note: "أُضيفت الملاحظة",
};

/** One change per form (its `intent`), each one transaction in the model. */
export async function action({ request, params }: Route.ActionArgs) {
  const { actor, formData } = await readStaffForm(request);
  if (!formData) throw new Response(null, { status: 400 });
  const intent = REQUEST_INTENTS.find((name) => name === formData.get("intent"));
  if (!intent) throw new Response("طلب غير صالح", { status: 400 });
  const submission = parseForm(formData, { schema: REQUEST_SCHEMAS[intent] as z.ZodType });
  if (submission.status !== "success") {
    return formAnswer({ intent, reply: submission.reply() }, { status: 400 });
  }
  try {
    await save(actor, params.id, submission.value as Saved);
  } catch (error) {
    const refusal = formRefusal(submission, error, { intent });
    if (refusal) return refusal;
    throw error;
  }
  const toast = await toastHeader({
    type: "success",
    title: "تم الحفظ",
    description: SAVED[intent],
  });
  return formAnswer(
    { intent, reply: submission.reply({ resetForm: true }) },
    { headers: { "Set-Cookie": toast } },
  );
}

type Saved = {
  [Intent in RequestIntent]: z.output<(typeof REQUEST_SCHEMAS)[Intent]>;
}[RequestIntent];

async function save(actor: Parameters<typeof addRequestNote>[0], id: string, value: Saved) {
  switch (value.intent) {
    case "state":
      return changeRequestState(
        actor,
        id,
        { to: value.to, message: value.message ?? null, version: value.version },
        await publicBaseUrl(),
      );
    case "assign":
      return assignRequest(actor, id, {
        assigneeId: value.assigneeId || null,
        version: value.version,
      });
    case "due":
      return setRequestDue(actor, id, { dueOn: value.dueOn || null, version: value.version });
    case "note":
      return addRequestNote(actor, id, value.note);
  }
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

export default function RequestPage() {
  const { request: found, assignees } = useLoaderData<typeof loader>();
  const { request } = found;
  const version = new Date(request.updatedAt).toISOString();
  return (
    <>
      <AdminPageHeader
        title={`الطلب ${request.reference}`}
        description={`${found.form.title} · ${REQUEST_STATE_LABELS[request.state]}${found.overdue ? " · متأخر" : ""}`}
        back={{ to: STAFF_PATHS.requests, label: "الطلبات" }}
      />
      <div className="grid gap-6 @container xl:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="min-w-0 space-y-6">
          <RequestAnswer found={found} />
          <RequestHistory history={found.history} />
        </div>
        <div className="min-w-0 space-y-6">
          <StateForm found={found} version={version} />
          <AssignForm found={found} version={version} assignees={assignees} />
          <DueForm found={found} version={version} />
          <NoteForm />
        </div>
      </div>
    </>
  );
}

type Serialised = ReturnType<typeof useLoaderData<typeof loader>>["request"];

const panel = "space-y-4 rounded-2xl border border-line bg-white p-5";

function StateForm({ found, version }: { found: Serialised; version: string }) {
  const { form, fields } = useIntentForm("state", REQUEST_SCHEMAS.state);
  const moves = REQUEST_TRANSITIONS[found.request.state];
  if (moves.length === 0) {
    return (
      <section className={panel} aria-labelledby="state-heading">
        <h2 id="state-heading" className="text-xl">
          الحالة
        </h2>
        <p>انتهى هذا الطلب ({REQUEST_STATE_LABELS[found.request.state]})، فلا تتغير حالته.</p>
      </section>
    );
  }
  return (
    <section className={panel} aria-labelledby="state-heading">
      <h2 id="state-heading" className="text-xl">
        تغيير الحالة
      </h2>
      <IntentForm
        form={form}
        preventScrollReset
        summary={[
          { meta: fields.to, label: "الحالة الجديدة" },
          { meta: fields.message, label: "رسالة إلى صاحب الطلب" },
        ]}
        submit={{
          intent: "state",
          children: "غيّر الحالة وأرسل الرسالة",
          pendingLabel: "جارٍ الحفظ…",
        }}
      >
        <input type="hidden" name="version" value={version} />
        <SelectField
          label="الحالة الجديدة"
          meta={fields.to}
          options={moves.map((value) => ({ value, label: REQUEST_STATE_LABELS[value] }))}
        />
        <TextareaField
          label="رسالة إلى صاحب الطلب"
          meta={fields.message}
          rows={3}
          hint={`تصله بالبريد وتظهر في صفحة متابعته باسم «فريق الجمعية». مطلوبة عند: ${MESSAGE_REQUIRED_STATES.map((state) => REQUEST_STATE_LABELS[state]).join("، ")}.`}
        />
      </IntentForm>
    </section>
  );
}

function AssignForm({
  found,
  version,
  assignees,
}: {
  found: Serialised;
  version: string;
  assignees: { id: string; name: string }[];
}) {
  const { form, fields } = useIntentForm("assign", REQUEST_SCHEMAS.assign);
  return (
    <section className={panel} aria-labelledby="assign-heading">
      <h2 id="assign-heading" className="text-xl">
        المسؤول
      </h2>
      <IntentForm
        form={form}
        preventScrollReset
        summary={[{ meta: fields.assigneeId, label: "أسند إلى" }]}
        submit={{ intent: "assign", children: "احفظ المسؤول", variant: "outline" }}
      >
        <input type="hidden" name="version" value={version} />
        <FieldFrame label="أسند إلى" meta={fields.assigneeId} hintId="">
          <select
            className={inputClass}
            id={fields.assigneeId.id}
            name={fields.assigneeId.name}
            key={`${fields.assigneeId.key}-${found.request.assigneeId}`}
            defaultValue={found.request.assigneeId ?? ""}
            aria-invalid={fields.assigneeId.errors ? true : undefined}
            aria-describedby={fields.assigneeId.errors ? fields.assigneeId.errorId : undefined}
          >
            <option value="">غير مسند</option>
            {assignees.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </select>
        </FieldFrame>
      </IntentForm>
    </section>
  );
}

function DueForm({ found, version }: { found: Serialised; version: string }) {
  const { form, fields } = useIntentForm("due", REQUEST_SCHEMAS.due);
  const { hintId, describedBy } = useFieldDescription(fields.dueOn, "اتركه فارغاً لإلغائه.");
  return (
    <section className={panel} aria-labelledby="due-heading">
      <h2 id="due-heading" className="text-xl">
        موعد الإنجاز
      </h2>
      <IntentForm
        form={form}
        preventScrollReset
        summary={[{ meta: fields.dueOn, label: "موعد الإنجاز" }]}
        submit={{ intent: "due", children: "احفظ الموعد", variant: "outline" }}
      >
        <input type="hidden" name="version" value={version} />
        <FieldFrame
          label="أنجزه قبل"
          meta={fields.dueOn}
          hint="اتركه فارغاً لإلغائه."
          hintId={hintId}
        >
          <input
            className={inputClass}
            {...getInputProps(fields.dueOn, { type: "date" })}
            key={`${fields.dueOn.key}-${found.request.dueOn}`}
            defaultValue={found.request.dueOn ?? ""}
            aria-describedby={describedBy}
          />
        </FieldFrame>
      </IntentForm>
    </section>
  );
}

function NoteForm() {
  const { form, fields } = useIntentForm("note", REQUEST_SCHEMAS.note);
  return (
    <section className={panel} aria-labelledby="note-heading">
      <h2 id="note-heading" className="text-xl">
        ملاحظة داخلية
      </h2>
      <IntentForm
        form={form}
        preventScrollReset
        summary={[{ meta: fields.note, label: "الملاحظة" }]}
        submit={{ intent: "note", children: "أضف الملاحظة", variant: "outline" }}
      >
        <TextareaField
          label="الملاحظة"
          meta={fields.note}
          rows={3}
          hint="للفريق وحده: لا يراها صاحب الطلب ولا تُرسل إليه."
        />
      </IntentForm>
    </section>
  );
}
