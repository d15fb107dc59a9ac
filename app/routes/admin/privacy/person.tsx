import { getFormProps, useForm } from "@conform-to/react";
import { Download, Paperclip, ShieldCheck, Trash2 } from "lucide-react";
import { data, Form, Link, redirect, useLoaderData } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField } from "~/components/ui/field";
import {
  erasePersonalData,
  findPersonalData,
  PERSONAL_DATA_SOURCES,
} from "~/models/personal-data.server";
import { getStaffActor, requireRole } from "~/services/permissions.server";
import { formatShortDate } from "~/shared/dates";
import { browserValidation, parseForm } from "~/shared/form-validation";
import { privacyEraseSchema, privacyLookupSchema } from "~/shared/privacy";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/person";
import { contactOfUrl } from "./lookup.server";

export const meta: Route.MetaFunction = () => [{ title: "بيانات شخص | جمعية رفق" }];

/**
 * Admins find everything the site holds about one mobile or e-mail, export it or erase it
 * (Saudi personal data protection law: access and erasure; docs/decisions/073).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "admin");
  const erased = erasedOfUrl(request.url);
  if (erased) return { reply: null, found: null, erased };
  const submission = contactOfUrl(request.url);
  if (!submission) return { reply: null, found: null };
  if (submission.status !== "success") {
    return data({ reply: submission.reply(), found: null }, { status: 400 });
  }
  const { contact } = submission.value;
  const groups = await findPersonalData(actor, contact);
  return {
    reply: null,
    found: {
      contact: contact.value,
      confirming: new URL(request.url).searchParams.get("confirm") === "1",
      groups: groups.map(({ items, ...group }) => ({
        ...group,
        items: items.map(({ record, files, ...shown }) => ({
          ...shown,
          files: files.map((file) => file.name),
        })),
      })),
    },
  };
}

/** Erases everything found (after the confirmation step), in one transaction. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await getStaffActor(request);
  const submission = parseForm(await readFormData(request), { schema: privacyEraseSchema });
  if (submission.status !== "success") {
    return data({ ok: false, message: "طلب غير صالح" }, { status: 400 });
  }
  const { contact } = submission.value;
  const erased = await erasePersonalData(actor, contact);
  // The result has an address of its own: a live update's revalidation cannot wipe it.
  const done = new URLSearchParams({ erased: contact.value });
  for (const group of erased) done.append("done", `${group.key}:${group.count}`);
  return redirect(`${STAFF_PATHS.privacy}?${done}`);
}

/** What an erasure did, as its redirect carries it (`?erased=<contact>&done=<source>:<count>`). */
function erasedOfUrl(url: string) {
  const params = new URL(url).searchParams;
  const contact = params.get("erased");
  if (!contact) return null;
  const counts = new Map(params.getAll("done").map((part) => part.split(":") as [string, string]));
  const groups = PERSONAL_DATA_SOURCES.filter((source) => source.erase).map((source) => ({
    key: source.key,
    label: source.label,
    erasure: source.erasure,
    count: Number(counts.get(source.key)) || 0,
  }));
  return { contact, groups };
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

export default function PersonalData() {
  const loaded = useLoaderData<typeof loader>();
  const [form, fields] = useForm({
    id: "privacy-lookup",
    lastResult: loaded.reply,
    defaultValue: { contact: loaded.found?.contact ?? "" },
    ...browserValidation(privacyLookupSchema),
  });
  return (
    <>
      <AdminPageHeader
        title="بيانات شخص"
        description="ابحث برقم الجوال أو البريد الإلكتروني لترى كل ما يحفظه الموقع عن صاحبه، ثم صدّره له أو احذفه بطلبه، كما يقضي نظام حماية البيانات الشخصية."
      />
      {"erased" in loaded && loaded.erased ? (
        <ErasedResult erased={loaded.erased.groups} contact={loaded.erased.contact} />
      ) : (
        <>
          <Form
            method="get"
            className="mb-8 flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-white p-5"
            {...getFormProps(form)}
          >
            <ErrorSummary />
            <InputField
              label="رقم الجوال أو البريد الإلكتروني"
              meta={fields.contact}
              hint="مثل: 0501234567 أو name@example.com"
              className="min-w-[min(16rem,100%)] flex-1"
              dir="ltr"
              autoComplete="off"
            />
            <FieldErrors id={form.errorId} errors={form.errors} />
            <Button type="submit">بحث</Button>
          </Form>
          {loaded.found && <FoundData found={loaded.found} />}
        </>
      )}
    </>
  );
}

type FoundData = NonNullable<Route.ComponentProps["loaderData"]["found"]>;

const total = (found: FoundData) =>
  found.groups.reduce((sum, group) => sum + group.items.length, 0);

function FoundData({ found }: { found: FoundData }) {
  const count = total(found);
  const query = `?contact=${encodeURIComponent(found.contact)}`;
  if (count === 0) {
    return (
      <section
        aria-labelledby="found-title"
        className="rounded-2xl border border-line bg-white p-6"
      >
        <h2 id="found-title" className="text-xl">
          لا يحفظ الموقع شيئاً عن {found.contact}
        </h2>
      </section>
    );
  }
  const linked = [
    ...new Set(found.groups.flatMap((group) => group.items.flatMap((item) => item.linked))),
  ].filter((value) => value !== found.contact);
  const erasable = found.groups.filter((group) => group.erasable && group.items.length);
  return (
    <section aria-labelledby="found-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="found-title" className="text-xl">
          ما يحفظه الموقع عن <bdi dir="ltr">{found.contact}</bdi> ({count})
        </h2>
        <div className="flex flex-wrap gap-3">
          <a
            href={`${STAFF_PATHS.privacyExport}${query}`}
            download
            className={buttonClass("outline")}
          >
            <Download aria-hidden className="size-5" />
            تصدير كل البيانات
          </a>
          {erasable.length > 0 && (
            <Link to={`${query}&confirm=1`} className={buttonClass("destructive")}>
              <Trash2 aria-hidden className="size-5" />
              حذف البيانات
            </Link>
          )}
        </div>
      </div>
      {found.confirming && erasable.length > 0 && (
        <EraseConfirmation contact={found.contact} groups={erasable} />
      )}
      {linked.length > 0 && (
        <p className="text-muted">
          تحفظ هذه السجلات أيضاً:{" "}
          {linked.map((value, index) => (
            <span key={value}>
              {index > 0 && "، "}
              <Link to={`?contact=${encodeURIComponent(value)}`} className="underline" dir="ltr">
                {value}
              </Link>
            </span>
          ))}{" "}
          — ابحث عنها كذلك إن كانت لصاحب الطلب نفسه.
        </p>
      )}
      {found.groups
        .filter((group) => group.items.length)
        .map((group) => (
          <section
            key={group.key}
            aria-labelledby={`group-${group.key}`}
            className="rounded-2xl border border-line bg-white p-5"
          >
            <h3 id={`group-${group.key}`} className="mb-3 text-lg">
              {group.label} ({group.items.length})
            </h3>
            <ul className="divide-y divide-line">
              {group.items.map((item) => (
                <li key={item.id} className="space-y-1 py-3">
                  <p className="font-medium">
                    {item.title}
                    {item.date && (
                      <span className="ms-2 text-sm text-muted">{formatShortDate(item.date)}</span>
                    )}
                  </p>
                  <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                    {item.details.map((detail) => (
                      <div key={detail.label} className="flex gap-1">
                        <dt className="text-muted">{detail.label}:</dt>
                        <dd>{detail.value}</dd>
                      </div>
                    ))}
                  </dl>
                  {item.files.length > 0 && (
                    <ul className="flex flex-wrap gap-3 text-sm">
                      {item.files.map((name) => (
                        <li key={name} className="flex items-center gap-1">
                          <Paperclip aria-hidden className="size-4" />
                          {name}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-muted">عند الحذف: {group.erasure}</p>
          </section>
        ))}
    </section>
  );
}

function EraseConfirmation({ contact, groups }: { contact: string; groups: FoundData["groups"] }) {
  return (
    <section
      aria-labelledby="erase-title"
      className="space-y-4 rounded-2xl border-2 border-danger bg-white p-5"
    >
      <h3 id="erase-title" className="text-lg">
        تأكيد حذف بيانات <bdi dir="ltr">{contact}</bdi>
      </h3>
      <p>سيُحذف نهائياً، ولا يمكن التراجع:</p>
      <ul className="list-inside list-disc space-y-1">
        {groups.map((group) => (
          <li key={group.key}>
            {group.label} ({group.items.length}): {group.erasure}
          </li>
        ))}
      </ul>
      <Form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="erase" />
        <input type="hidden" name="contact" value={contact} />
        <Button type="submit" variant="destructive">
          <Trash2 aria-hidden className="size-5" />
          نعم، احذف كل بياناته
        </Button>
        <Link to={`?contact=${encodeURIComponent(contact)}`} className={buttonClass("outline")}>
          إلغاء
        </Link>
      </Form>
    </section>
  );
}

function ErasedResult({
  erased,
  contact,
}: {
  erased: { key: string; label: string; erasure: string; count: number }[];
  contact: string | null;
}) {
  const done = erased.filter((group) => group.count > 0);
  return (
    <section
      role="status"
      aria-labelledby="erased-title"
      className="space-y-4 rounded-2xl border border-line bg-white p-6"
    >
      <h2 id="erased-title" className="flex items-center gap-2 text-xl">
        <ShieldCheck aria-hidden className="size-6 text-primary" />
        حُذفت بيانات <bdi dir="ltr">{contact}</bdi>
      </h2>
      {done.length ? (
        <ul className="list-inside list-disc space-y-1">
          {done.map((group) => (
            <li key={group.key}>
              {group.label}: {group.count} — {group.erasure}
            </li>
          ))}
        </ul>
      ) : (
        <p>لم يبقَ شيء يُحذف.</p>
      )}
      <Link to={STAFF_PATHS.privacy} className={buttonClass("outline")}>
        بحث عن شخص آخر
      </Link>
    </section>
  );
}
