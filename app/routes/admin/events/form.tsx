import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { FormLoadFailure } from "~/components/admin/form-load-failure";
import { FormShell, formMeta } from "~/components/admin/form-shell";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { CheckboxField, StatusSelect, TypedInputField } from "~/components/admin/staff-fields";
import { StatusBadge } from "~/components/admin/status-badge";
import { useStaffForm } from "~/components/admin/use-staff-form";
import { ErrorScreen } from "~/components/error-screen";
import { EventPlace, EventWhen } from "~/components/events/event-facts";
import { RichTextField } from "~/components/rich-text/rich-text-field";
import { FieldErrors, InputField } from "~/components/ui/field";
import { createEvent, getEventForStaff, updateEvent } from "~/models/events.server";
import { loadStaffForm, staffFormAction } from "~/services/staff-forms.server";
import { CONTENT_TYPES } from "~/shared/content-types";
import { fromRiyadhInput, toRiyadhInput } from "~/shared/dates";
import { InvalidInputError } from "~/shared/domain-errors";
import { eventStatuses } from "~/shared/events";
import { slugify } from "~/shared/slug";
import { FORM_CAPS } from "~/utils/body-caps.server";
import { toPostHtml } from "~/utils/rich-text.server";
import { DESCRIPTION_REQUIRED, eventFormSchema } from "./event-schema";

// This module serves two routes (events/new and events/:id/edit), so it types its arguments
// with the generic LoaderFunctionArgs/ActionFunctionArgs rather than a generated +types file.

export const meta = formMeta(CONTENT_TYPES.events);

/** Editors and admins only (docs/decisions/052); viewers get the 403 screen. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { entry, loadError } = await loadStaffForm(request, params, {
    load: getEventForStaff,
    loadFailed: "فشل في تحميل بيانات الفعالية",
    notFoundMessage: "الفعالية غير موجودة",
    what: "event",
  });
  return {
    event: entry
      ? {
          ...entry,
          description: toPostHtml(entry.description),
          startsAt: toRiyadhInput(entry.startsAt),
          endsAt: toRiyadhInput(entry.endsAt),
          version: entry.updatedAt.toISOString(),
        }
      : null,
    loadError,
  };
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  staffFormAction(request, params, {
    schema: eventFormSchema,
    save: (actor, { image, removeImage, mapUrl, version, ...fields }, id) => {
      // Markup that sanitizes to nothing (only a script, say) is no description at all.
      if (!toPostHtml(fields.description))
        throw new InvalidInputError(DESCRIPTION_REQUIRED, "description");
      const input = { ...fields, mapUrl: mapUrl ?? null };
      return id
        ? updateEvent(actor, id, input, { file: image, remove: removeImage }, version)
        : createEvent(actor, input, image);
    },
    saveFailed: "فشل في حفظ الفعالية",
    what: "event",
    imageField: "image",
    caps: FORM_CAPS.event,
    type: CONTENT_TYPES.events,
  });

export default function EventForm() {
  const { event, loadError } = useLoaderData<typeof loader>();
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(!event);
  const [previewImage, setPreviewImage] = useState<string | null>(event?.imageUrl ?? null);
  const [descriptionHtml, setDescriptionHtml] = useState(event?.description ?? "");
  const [form, fields] = useStaffForm({
    id: event ? `event-${event.id}` : "event-new",
    schema: eventFormSchema,
    loadError,
    defaultValue: event
      ? {
          title: event.title,
          slug: event.slug,
          description: event.description,
          startsAt: event.startsAt,
          endsAt: event.endsAt,
          place: event.place,
          mapUrl: event.mapUrl ?? "",
          capacity: event.capacity,
          registrationOpen: event.registrationOpen,
          status: event.status,
        }
      : { status: "draft", registrationOpen: true },
  });
  if (loadError) return <FormLoadFailure type={CONTENT_TYPES.events} message={loadError} />;

  const status = eventStatuses.find((value) => value === fields.status.value) ?? "draft";
  const starts = fromRiyadhInput(String(fields.startsAt.value ?? ""));
  const ends = fromRiyadhInput(String(fields.endsAt.value ?? ""));
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
      {event && <input type="hidden" name={fields.version.name} value={event.version} />}
      <FormShell
        type={CONTENT_TYPES.events}
        editing={Boolean(event)}
        badge={<StatusBadge status={status} />}
        saveLabel={event ? "حفظ التعديلات" : "حفظ الفعالية"}
        preview={
          <article dir="rtl" className="mx-auto max-w-3xl space-y-5">
            {previewImage && (
              <img
                src={previewImage}
                alt=""
                className="aspect-video w-full rounded-2xl object-cover"
              />
            )}
            <h2 className="text-3xl text-primary-dark">{fields.title.value || "عنوان الفعالية"}</h2>
            <div className="flex flex-col gap-2">
              {starts && ends && <EventWhen startsAt={starts} endsAt={ends} />}
              {fields.place.value && (
                <EventPlace place={fields.place.value} mapUrl={fields.mapUrl.value} />
              )}
            </div>
            {/* The editor's own (sanitized in the browser by its schema) HTML, for staff only. */}
            <div className="article-body" dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
          </article>
        }
      >
        <InputField
          label="عنوان الفعالية"
          meta={fields.title}
          onInput={(input) => {
            if (slugFollowsTitle) {
              form.update({ name: fields.slug.name, value: slugify(input.currentTarget.value) });
            }
          }}
        />
        <InputField
          label="الرابط"
          meta={fields.slug}
          hint="آخر جزء من عنوان صفحة الفعالية. يُنشأ من العنوان ويمكنك تعديله."
          onInput={() => slugFollowsTitle && setSlugFollowsTitle(false)}
        />
        <RichTextField
          label="وصف الفعالية"
          meta={fields.description}
          rows={8}
          hint="ما الفعالية ولمن، وبرنامجها وما يحضره المشارك."
          onChange={(value, from) => setDescriptionHtml(from === "editor" ? value : "")}
        />
        <ImageUploadField
          label="صورة الفعالية"
          meta={fields.image}
          currentUrl={event?.imageUrl}
          onPreviewChange={setPreviewImage}
        />
        <div className="grid gap-5 md:grid-cols-2">
          <TypedInputField kind="datetime" label="تبدأ (بتوقيت الرياض)" meta={fields.startsAt} />
          <TypedInputField kind="datetime" label="تنتهي (بتوقيت الرياض)" meta={fields.endsAt} />
        </div>
        <InputField
          label="المكان"
          meta={fields.place}
          hint="مثال: مقر الجمعية، حي الفيصلية، الدمام"
        />
        <InputField
          label="رابط الخريطة (اختياري)"
          meta={fields.mapUrl}
          dir="ltr"
          inputMode="url"
          placeholder="https://maps.google.com/…"
        />
        <div className="grid gap-5 md:grid-cols-2">
          <TypedInputField
            kind="number"
            label="السعة (عدد المقاعد)"
            meta={fields.capacity}
            hint="يُحسب كل حاضر مقعداً؛ من يزيد على السعة يدخل قائمة الانتظار."
          />
          <StatusSelect meta={fields.status} type={CONTENT_TYPES.events} />
        </div>
        <CheckboxField meta={fields.registrationOpen} label="التسجيل مفتوح" />
        <FieldErrors id={form.errorId} errors={form.errors} />
      </FormShell>
    </Form>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
