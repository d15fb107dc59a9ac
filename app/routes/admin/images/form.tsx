import { getFormProps } from "@conform-to/react";
import { ImageUp } from "lucide-react";
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
import { CategoryBadge } from "~/components/admin/media-card";
import { CategorySelect } from "~/components/admin/select-field";
import { categoryNameOf, useStaffForm } from "~/components/admin/use-staff-form";
import { ErrorScreen } from "~/components/error-screen";
import { FieldErrors, InputField, TextareaField } from "~/components/ui/field";
import { createImage, getImageForStaff, updateImage } from "~/models/images.server";
import { loadStaffForm, staffFormAction } from "~/services/staff-forms.server";
import { CONTENT_TYPES } from "~/shared/content-types";
import { InvalidInputError } from "~/shared/domain-errors";
import { FORM_CAPS } from "~/utils/body-caps.server";
import { IMAGE_REQUIRED, imageFormSchema } from "./image-schema";

// This module serves two routes (images/new and images/:id/edit), so it types its arguments
// with the generic LoaderFunctionArgs/ActionFunctionArgs rather than a generated +types file.

const LOAD_FAILED = "فشل في تحميل بيانات الصورة";
const SAVE_FAILED = "فشل في حفظ الصورة";

export const meta = formMeta(CONTENT_TYPES.images);

/** Editors and admins only (spec §2.4); viewers get the 403 screen. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { entry, ...form } = await loadStaffForm(request, params, {
    load: getImageForStaff,
    loadFailed: LOAD_FAILED,
    notFoundMessage: "الصورة غير موجودة",
    what: "image",
  });
  return { image: entry, ...form };
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  staffFormAction(request, params, {
    // An edit already has its image; a new entry needs one (spec §5: 'يرجى رفع صورة').
    schema: (isEdit) => imageFormSchema({ hasSavedImage: isEdit }),
    save: (actor, { image: file, title, description, categoryId }, id) => {
      const input = { title, description: description || null, categoryId: categoryId ?? null };
      if (id) return updateImage(actor, id, input, file);
      if (!file) throw new InvalidInputError(IMAGE_REQUIRED, "image");
      return createImage(actor, input, file);
    },
    saveFailed: SAVE_FAILED,
    what: "gallery image",
    imageField: "image",
    caps: FORM_CAPS.galleryImage,
    type: CONTENT_TYPES.images,
  });

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
  // The image on show (saved, chosen or none): saving is blocked without one (spec §5).
  const [shownImage, setShownImage] = useState<string | null>(image?.imageUrl ?? null);
  const [form, fields] = useStaffForm({
    id: image ? `image-${image.id}` : "image-new",
    schema: imageFormSchema({ hasSavedImage: Boolean(image) }),
    loadError,
    defaultValue: image
      ? {
          title: image.title,
          description: image.description ?? "",
          categoryId: image.categoryId ?? "",
        }
      : undefined,
  });

  if (loadError) return <FormLoadFailure type={CONTENT_TYPES.images} message={loadError} />;

  const categoryName = categoryNameOf(categories, fields.categoryId.value);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
      <FormShell
        type={CONTENT_TYPES.images}
        editing={Boolean(image)}
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
