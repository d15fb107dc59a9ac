import { getFormProps } from "@conform-to/react";
import { ExternalLink } from "lucide-react";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { FormLoadFailure } from "~/components/admin/form-load-failure";
import { FormShell, formMeta } from "~/components/admin/form-shell";
import { PostRevisions } from "~/components/admin/post-revisions";
import { ShareImageField } from "~/components/admin/share-image-field";
import { StatusSelect, TypedInputField } from "~/components/admin/staff-fields";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { TitleSlugFields } from "~/components/admin/title-slug-fields";
import { useStaffForm } from "~/components/admin/use-staff-form";
import { ErrorScreen } from "~/components/error-screen";
import { BlocksEditor } from "~/components/pages/block-editors";
import { PageFormPreview } from "~/components/pages/page-form-preview";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, InputField } from "~/components/ui/field";
import { staffFormAction } from "~/services/staff-forms.server";
import { CONTENT_TYPES } from "~/shared/content-types";
import { formatDateTime, toRiyadhInput } from "~/shared/dates";
import { PAGES_PREFIX, pageFormSchema } from "~/shared/page-blocks";
import { POST_STATUSES, type PostStatus } from "~/shared/post-status";
import { FORM_CAPS } from "~/utils/body-caps.server";
import { loadPageForm, savePage } from "./form.server";

// Serves pages/new and pages/:id/edit, so it types its arguments with the generic types.

export const meta = formMeta(CONTENT_TYPES.pages);

/** Editors and admins (docs/decisions/049); viewers get the 403 screen. */
export const loader = ({ request, params }: LoaderFunctionArgs) => loadPageForm(request, params);

export const action = ({ request, params }: ActionFunctionArgs) =>
  staffFormAction(request, params, {
    schema: pageFormSchema,
    save: savePage,
    saveFailed: "فشل في حفظ الصفحة",
    what: "page",
    imageField: "blocks",
    caps: FORM_CAPS.page,
    type: CONTENT_TYPES.pages,
  });

type PageFormData = ReturnType<typeof useLoaderData<typeof loader>>;

/** A restored revision brings a new version of the page: the form starts afresh from it. */
export default function PageFormRoute() {
  const data = useLoaderData<typeof loader>();
  return <PageForm key={data.page?.updatedAt ?? "new"} data={data} />;
}

function PageForm({ data }: { data: PageFormData }) {
  const { page, loadError, revisions, scheduledFor, publicPath } = data;
  const [form, fields] = useStaffForm({
    id: page ? `page-${page.id}` : "page-new",
    schema: pageFormSchema,
    loadError,
    defaultValue: page
      ? {
          title: page.title,
          slug: page.slug,
          // biome-ignore lint/suspicious/noExplicitAny: stored blocks are the form's values
          blocks: page.blocks as any,
          status: page.status,
          publishAt: scheduledFor ? toRiyadhInput(scheduledFor) : "",
          metaTitle: page.metaTitle ?? "",
          metaDescription: page.metaDescription ?? "",
          shareImage: page.shareImage ?? "",
          version: page.updatedAt,
        }
      : { status: "draft", blocks: [{ type: "text" }] },
  });

  if (loadError) return <FormLoadFailure type={CONTENT_TYPES.pages} message={loadError} />;

  const status = (fields.status.value ?? "draft") as PostStatus;
  return (
    <>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <FormShell
          type={CONTENT_TYPES.pages}
          editing={Boolean(page)}
          badge={<StatusBadge status={POST_STATUSES.includes(status) ? status : "draft"} />}
          saveLabel={page ? "حفظ التعديلات" : "حفظ الصفحة"}
          preview={
            <PageFormPreview
              title={fields.title.value}
              blocks={Array.isArray(fields.blocks.value) ? fields.blocks.value : []}
            />
          }
        >
          {scheduledFor && (
            <p
              role="status"
              className="rounded-xl bg-primary-light p-4 font-medium text-primary-dark"
            >
              مجدولة للنشر في {formatDateTime(scheduledFor)} (بتوقيت الرياض)
            </p>
          )}
          <input type="hidden" name={fields.version.name} value={page?.updatedAt ?? ""} />
          <TitleSlugFields
            titleLabel="عنوان الصفحة"
            title={fields.title}
            slug={fields.slug}
            slugHint={`تظهر الصفحة على العنوان ${PAGES_PREFIX}/الرابط. حروف عربية أو لاتينية وأرقام وشرطات؛ إن غيّرته بعد النشر حُوّل الرابط القديم إلى الجديد.`}
            isNew={!page}
            setSlug={(value) => form.update({ name: fields.slug.name, value })}
          />
          <BlocksEditor form={form} blocks={fields.blocks} />
          <div className="grid gap-5 md:grid-cols-2">
            <StatusSelect meta={fields.status} type={CONTENT_TYPES.pages} />
            <TypedInputField
              kind="datetime"
              label="موعد النشر (بتوقيت الرياض)"
              meta={fields.publishAt}
              hint="للصفحة المنشورة فقط: موعد قادم يجعلها تظهر وحدها في ذلك الوقت؛ فارغاً تنشر الآن."
            />
          </div>
          <fieldset className="space-y-4 rounded-xl border border-line p-4">
            <legend className="px-2 font-medium">محركات البحث والمشاركة</legend>
            <InputField
              label="عنوان محركات البحث"
              meta={fields.metaTitle}
              hint="إن تُرك فارغاً استُخدم عنوان الصفحة."
            />
            <InputField
              label="وصف محركات البحث"
              meta={fields.metaDescription}
              hint="الأفضل ألا يزيد على 155 حرفاً؛ إن تُرك فارغاً استُخدم أول النص."
            />
            <ShareImageField
              meta={fields.shareImage}
              featuredImage={null}
              onChoose={(value) => form.update({ name: fields.shareImage.name, value })}
              hint="الصورة التي تظهر عند مشاركة الصفحة. اختر صورة من معرض الصور (اختياري)."
              withoutImage="لا صورة للمشاركة بعد."
            />
          </fieldset>
          {publicPath && (
            <a
              href={publicPath}
              target="_blank"
              rel="noreferrer"
              className={buttonClass("outline", "default")}
            >
              <ExternalLink aria-hidden className="size-5" />
              عرض الصفحة على الموقع
            </a>
          )}
          <FieldErrors id={form.errorId} errors={form.errors} />
        </FormShell>
      </Form>
      {page && (
        <PostRevisions
          postId={page.id}
          restorePath={(revisionId) =>
            `${STAFF_PATHS.pages.list}/${page.id}/revisions/${revisionId}/restore`
          }
          revisions={revisions}
          currentTitle={page.title}
          currentText={data.currentText ?? ""}
          unsavedChanges={() => form.dirty}
          onRestoreOverUnsaved={() => {}}
        />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
