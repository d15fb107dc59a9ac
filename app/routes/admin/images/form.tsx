import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ImageUp } from "lucide-react";
import { useState } from "react";
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { FormLoadFailure } from "~/components/admin/form-load-failure";
import { FormShell } from "~/components/admin/form-shell";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { CategoryBadge } from "~/components/admin/media-card";
import { useErrorToast } from "~/components/admin/mutation-feedback";
import { CategorySelect } from "~/components/admin/select-field";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { FieldErrors, InputField, TextareaField } from "~/components/ui/field";
import { listCategories } from "~/models/categories.server";
import { createImage, getImageForStaff, updateImage } from "~/models/images.server";
import { ImageUploadError, readUploadForm, UPLOAD_FAILED } from "~/utils/image-upload.server";
import { logger } from "~/utils/logger.server";
import { getActor, requireRole } from "~/utils/permissions.server";
import { assertRole } from "~/utils/roles";
import { redirectWithToast } from "~/utils/toast.server";
import { IMAGE_REQUIRED, imageFormSchema } from "./image-schema";

// This module serves two routes (images/new and images/:id/edit), so it types its arguments
// with the generic LoaderFunctionArgs/ActionFunctionArgs rather than a generated +types file.

const LOAD_FAILED = "فشل في تحميل بيانات الصورة";
const SAVE_FAILED = "فشل في حفظ الصورة";

export const meta: MetaFunction = ({ params }) => [
  { title: `${params.id ? "تعديل الصورة" : "رفع صورة"} | جمعية رفق` },
];

/** Editors and admins only (spec §2.4); viewers get the 403 screen. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireRole(request, "editor");
  // Spec §8: a failure to load the categories is only logged; the form still works.
  const categories = await listCategories().catch((error) => {
    logger.error({ err: error }, "failed to list categories for the image form");
    return [];
  });
  if (!params.id) return { image: null, categories, loadError: null };
  let image: Awaited<ReturnType<typeof getImageForStaff>>;
  try {
    image = await getImageForStaff(actor, params.id);
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, id: params.id }, "failed to load an image for editing");
    return { image: null, categories, loadError: LOAD_FAILED };
  }
  if (!image) throw data("الصورة غير موجودة", { status: 404 });
  return { image, categories, loadError: null };
}

/** The refusal of a body too large to read: no field values to echo, only the image error. */
const imageRefusal = (message: string): SubmissionResult<string[]> => ({
  status: "error",
  error: { image: [message] },
});

export async function action({ request, params }: ActionFunctionArgs) {
  // Checked before the (up to 5 MB) body is read; the model checks again.
  const actor = assertRole(await getActor(request), "editor");
  let formData: FormData;
  try {
    formData = await readUploadForm(request);
  } catch (error) {
    if (error instanceof ImageUploadError)
      return data(imageRefusal(error.message), { status: 413 });
    throw error;
  }
  // An edit already has its image; a new entry needs one (spec §5: 'يرجى رفع صورة').
  const schema = imageFormSchema({ hasSavedImage: Boolean(params.id) });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const { image: file, title, description, categoryId } = submission.value;
  const input = { title, description: description || null, categoryId: categoryId ?? null };
  try {
    if (params.id) await updateImage(actor, params.id, input, file);
    else if (file) await createImage(actor, input, file);
    else
      return data(submission.reply({ fieldErrors: { image: [IMAGE_REQUIRED] } }), { status: 400 });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ImageUploadError) {
      // A refused file is said beside the field; a storage failure also as the toast.
      const formErrors = error.message === UPLOAD_FAILED ? [UPLOAD_FAILED] : undefined;
      return data(submission.reply({ fieldErrors: { image: [error.message] }, formErrors }), {
        status: 422,
      });
    }
    logger.error({ err: error, id: params.id }, "failed to save a gallery image");
    return data(submission.reply({ formErrors: [SAVE_FAILED] }), { status: 500 });
  }
  return redirectWithToast(
    STAFF_PATHS.images.list,
    params.id
      ? { type: "success", title: "تم الحفظ", description: "حُفظت تعديلات الصورة" }
      : { type: "success", title: "تم الرفع", description: "رُفعت الصورة إلى المعرض" },
  );
}

const BACK = { to: STAFF_PATHS.images.list, label: "العودة إلى معرض الصور" };

/** The image as the gallery will show it, with the description as its alternative text. */
function ImagePreview({
  imageUrl,
  title,
  description,
  categoryName,
}: {
  imageUrl: string | null;
  title?: string;
  description?: string;
  categoryName: string | null;
}) {
  return (
    <article dir="rtl" className="mx-auto max-w-3xl space-y-5">
      {imageUrl ? (
        <img
          src={imageUrl}
          alt={description || title || "الصورة المختارة"}
          className="max-h-[28rem] w-full rounded-2xl bg-surface object-contain"
        />
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-2xl bg-surface p-10 text-muted">
          <ImageUp aria-hidden className="size-10" />
          <p>ستظهر الصورة هنا بعد اختيارها.</p>
        </div>
      )}
      <CategoryBadge name={categoryName} />
      <h2 className="text-3xl leading-snug text-primary-dark">{title || "عنوان الصورة"}</h2>
      {description && <p className="text-lg leading-loose">{description}</p>}
    </article>
  );
}

export default function ImageForm() {
  const { image, categories, loadError } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // The image on show (saved, chosen or none): saving is blocked without one (spec §5).
  const [shownImage, setShownImage] = useState<string | null>(image?.imageUrl ?? null);
  const schema = imageFormSchema({ hasSavedImage: Boolean(image) });
  const [form, fields] = useForm({
    id: image ? `image-${image.id}` : "image-new",
    lastResult,
    defaultValue: image
      ? {
          title: image.title,
          description: image.description ?? "",
          categoryId: image.categoryId ?? "",
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useErrorToast(loadError ?? form.errors?.[0]);

  if (loadError) return <FormLoadFailure title="تعديل الصورة" back={BACK} message={loadError} />;

  const categoryName =
    categories.find((category) => category.id === fields.categoryId.value)?.name ?? null;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
      <FormShell
        title={image ? "تعديل الصورة" : "رفع صورة"}
        back={BACK}
        saveLabel={image ? "حفظ التعديلات" : "رفع الصورة"}
        saveBlockedBy={shownImage ? null : IMAGE_REQUIRED}
        preview={
          <ImagePreview
            imageUrl={shownImage}
            title={fields.title.value}
            description={fields.description.value}
            categoryName={categoryName}
          />
        }
      >
        <ImageUploadField
          label="الصورة"
          meta={fields.image}
          currentUrl={image?.imageUrl}
          onPreviewChange={setShownImage}
        />
        <InputField label="عنوان الصورة" meta={fields.title} />
        <TextareaField
          label="الوصف"
          meta={fields.description}
          rows={3}
          hint="صف ما في الصورة بجملة أو جملتين: يظهر الوصف تحتها في المعرض، ويقرؤه قارئ الشاشة لمن لا يرى الصورة."
        />
        <CategorySelect meta={fields.categoryId} categories={categories} />
        <FieldErrors id={form.errorId} errors={form.errors} />
      </FormShell>
    </Form>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
