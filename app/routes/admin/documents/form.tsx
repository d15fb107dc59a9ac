import { getFormProps } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { FormLoadFailure } from "~/components/admin/form-load-failure";
import { FormShell, formMeta } from "~/components/admin/form-shell";
import { SelectField } from "~/components/admin/select-field";
import { TypedInputField } from "~/components/admin/staff-fields";
import { useStaffForm } from "~/components/admin/use-staff-form";
import { ErrorScreen } from "~/components/error-screen";
import { DocumentItem } from "~/components/site/documents-list";
import { FieldErrors, InputField } from "~/components/ui/field";
import { createDocument, getDocumentForStaff, updateDocument } from "~/models/documents.server";
import { loadStaffForm, staffFormAction } from "~/services/staff-forms.server";
import { CONTENT_TYPES, statusOptions } from "~/shared/content-types";
import {
  DOCUMENT_CATEGORY_LABELS,
  DOCUMENT_REQUIRED,
  DOCUMENT_SAVE_FAILED,
  DOCUMENT_TOO_LARGE,
  documentCategories,
  documentYearLabel,
  FIRST_DOCUMENT_YEAR,
  isDocumentCategory,
  LAST_DOCUMENT_YEAR,
} from "~/shared/documents";
import { InvalidInputError } from "~/shared/domain-errors";
import { FORM_CAPS } from "~/utils/body-caps.server";
import { documentFormSchema } from "./document-schema";

// This module serves two routes (documents/new and documents/:id/edit), so it types its
// arguments with the generic LoaderFunctionArgs/ActionFunctionArgs.

export const meta = formMeta(CONTENT_TYPES.documents);

/** Editors and admins only (docs/decisions/048); viewers get the 403 screen. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { entry, loadError } = await loadStaffForm(request, params, {
    load: getDocumentForStaff,
    loadFailed: "فشل في تحميل بيانات الوثيقة",
    notFoundMessage: "الوثيقة غير موجودة",
    what: "document",
  });
  const document = entry && { ...entry, version: entry.updatedAt.toISOString() };
  return { document, loadError, thisYear: new Date().getFullYear() };
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  staffFormAction(request, params, {
    schema: (isEdit) => documentFormSchema({ isEdit }),
    save: (actor, { file, version, ...input }, id) => {
      if (id) return updateDocument(actor, id, input, version);
      if (!file) throw new InvalidInputError(DOCUMENT_REQUIRED, "file");
      return createDocument(actor, input, file);
    },
    saveFailed: DOCUMENT_SAVE_FAILED,
    what: "document",
    imageField: "file",
    caps: FORM_CAPS.document,
    fileTooLarge: DOCUMENT_TOO_LARGE,
    type: CONTENT_TYPES.documents,
  });

const CATEGORY_OPTIONS = documentCategories.map((value) => ({
  value,
  label: DOCUMENT_CATEGORY_LABELS[value],
}));
const STATUS_OPTIONS = statusOptions(CONTENT_TYPES.documents).map(({ value, label }) => ({
  value,
  label:
    value === "published"
      ? `${label}: يظهر في صفحة الحوكمة ويمكن لأي زائر تحميله`
      : `${label}: لا يراه إلا فريق العمل`,
}));

export default function DocumentForm() {
  const { document, loadError, thisYear } = useLoaderData<typeof loader>();
  const [form, fields] = useStaffForm({
    id: document ? `document-${document.id}` : "document-new",
    schema: documentFormSchema({ isEdit: Boolean(document) }),
    loadError,
    defaultValue: document
      ? {
          title: document.title,
          category: document.category,
          year: String(document.year),
          status: document.status,
        }
      : { year: String(thisYear), status: "hidden" },
  });

  if (loadError) return <FormLoadFailure type={CONTENT_TYPES.documents} message={loadError} />;

  const year = Number(fields.year.value);
  // Only a year the form accepts is shown as one (a far-off number is not a date).
  const validYear =
    Number.isInteger(year) && year >= FIRST_DOCUMENT_YEAR && year <= LAST_DOCUMENT_YEAR;
  const category = isDocumentCategory(fields.category.value) ? fields.category.value : "reports";
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
      {document && <input type="hidden" name={fields.version.name} value={document.version} />}
      <FormShell
        type={CONTENT_TYPES.documents}
        editing={Boolean(document)}
        saveLabel={document ? "حفظ التعديلات" : "رفع الوثيقة"}
        preview={
          <div dir="rtl" className="mx-auto max-w-xl space-y-3">
            <p className="text-muted">
              هكذا تظهر الوثيقة في صفحة الحوكمة تحت «{DOCUMENT_CATEGORY_LABELS[category]}»
              {validYear ? `، سنة ${documentYearLabel(year)}` : ""}:
            </p>
            <ul>
              <DocumentItem
                document={{
                  id: document?.id ?? "new",
                  title: fields.title.value || "عنوان الوثيقة",
                  category,
                  year,
                  sizeBytes: document?.sizeBytes ?? 0,
                  fileSha256: document?.fileSha256 ?? "0".repeat(64),
                  createdAt: document?.createdAt ?? new Date(),
                }}
              />
            </ul>
          </div>
        }
      >
        {document ? (
          <p className="rounded-xl bg-surface p-4 text-muted">
            يبقى ملف الوثيقة كما رُفع. لاستبدال الملف ارفع وثيقة جديدة ثم احذف هذه.
          </p>
        ) : (
          <TypedInputField
            kind="file"
            label="ملف الوثيقة (PDF حتى 20 ميجابايت)"
            meta={fields.file}
            accept="application/pdf,.pdf"
          />
        )}
        <InputField
          label="عنوان الوثيقة"
          meta={fields.title}
          hint="يظهر للزوار ويُسمّى به الملف عند تحميله."
        />
        <SelectField
          label="التصنيف"
          meta={fields.category}
          options={CATEGORY_OPTIONS}
          placeholder="اختر التصنيف"
        />
        <InputField
          label="السنة الميلادية"
          meta={fields.year}
          inputMode="numeric"
          hint={
            validYear
              ? `تظهر هكذا: ${documentYearLabel(year)}`
              : "سنة التقرير أو القوائم، وتظهر معها السنة الهجرية."
          }
        />
        <SelectField label="الحالة" meta={fields.status} options={STATUS_OPTIONS} />
        <FieldErrors id={form.errorId} errors={form.errors} />
      </FormShell>
    </Form>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
