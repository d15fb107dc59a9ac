import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useLoaderData,
} from "react-router";
import { FormLoadFailure } from "~/components/admin/form-load-failure";
import { FormShell } from "~/components/admin/form-shell";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { PlainTextParagraphs } from "~/components/admin/plain-text";
import { CategorySelect, SelectField } from "~/components/admin/select-field";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { useStaffForm } from "~/components/admin/use-staff-form";
import { ErrorScreen } from "~/components/error-screen";
import { FieldErrors, InputField, TextareaField } from "~/components/ui/field";
import { createPost, getPostForStaff, PostSlugTakenError, updatePost } from "~/models/posts.server";
import { POST_STATUSES, type PostStatus, STATUS_LABELS } from "~/utils/post-status";
import { slugify } from "~/utils/slug";
import { loadStaffForm, readStaffUpload, staffSaveFailure } from "~/utils/staff-forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { postFormSchema, SLUG_TAKEN } from "./post-schema";

// This module serves two routes (posts/new and posts/:id/edit), so it types its arguments
// with the generic LoaderFunctionArgs/ActionFunctionArgs rather than a generated +types file.

const LOAD_FAILED = "فشل في تحميل بيانات المقال";
const SAVE_FAILED = "فشل في حفظ المقال";

export const meta: MetaFunction = ({ params }) => [
  { title: `${params.id ? "تعديل المقال" : "مقال جديد"} | جمعية رفق` },
];

/** Editors and admins only (spec §2.4); viewers get the 403 screen. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { entry, ...form } = await loadStaffForm(request, params, {
    load: getPostForStaff,
    loadFailed: LOAD_FAILED,
    notFoundMessage: "المقال غير موجود",
    what: "post",
  });
  return { post: entry, ...form };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, formData, refusal } = await readStaffUpload(request, "featuredImage");
  if (refusal) return refusal;
  const submission = parseWithZod(formData, { schema: postFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const { featuredImage, removeImage, excerpt, categoryId, ...fields } = submission.value;
  const input = { ...fields, excerpt: excerpt || null, categoryId: categoryId ?? null };
  try {
    if (params.id) {
      await updatePost(actor, params.id, input, { file: featuredImage, remove: removeImage });
    } else {
      await createPost(actor, input, featuredImage);
    }
  } catch (error) {
    if (error instanceof PostSlugTakenError) {
      return data(submission.reply({ fieldErrors: { slug: [SLUG_TAKEN] } }), { status: 409 });
    }
    return staffSaveFailure(submission, error, {
      saveFailed: SAVE_FAILED,
      what: "post",
      id: params.id,
      imageField: "featuredImage",
    });
  }
  return redirectWithToast(
    STAFF_PATHS.posts.list,
    params.id
      ? { type: "success", title: "تم الحفظ", description: "حُفظت تعديلات المقال" }
      : { type: "success", title: "تم الإنشاء", description: "أُنشئ المقال بنجاح" },
  );
}

const BACK = { to: STAFF_PATHS.posts.list, label: "العودة إلى المقالات" };

function PostPreview({
  title,
  excerpt,
  content,
  imageUrl,
}: {
  title?: string;
  excerpt?: string;
  content?: string;
  imageUrl: string | null;
}) {
  return (
    <article dir="rtl" className="mx-auto max-w-3xl space-y-5">
      {imageUrl && (
        <img src={imageUrl} alt="" className="max-h-96 w-full rounded-2xl object-cover" />
      )}
      <h2 className="text-3xl leading-snug text-primary-dark">{title || "عنوان المقال"}</h2>
      {excerpt && <p className="text-lg text-muted">{excerpt}</p>}
      {content ? (
        <PlainTextParagraphs text={content} className="space-y-4 text-lg leading-loose" />
      ) : (
        <p className="text-muted">سيظهر نص المقال هنا.</p>
      )}
    </article>
  );
}

export default function PostForm() {
  const { post, categories, loadError } = useLoaderData<typeof loader>();
  const [previewImage, setPreviewImage] = useState<string | null>(post?.featuredImage ?? null);
  // A new post's slug follows its title until the slug is edited by hand (spec §5).
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(!post);
  const [form, fields] = useStaffForm({
    id: post ? `post-${post.id}` : "post-new",
    schema: postFormSchema,
    loadError,
    defaultValue: post
      ? {
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt ?? "",
          content: post.content,
          categoryId: post.categoryId ?? "",
          status: post.status,
        }
      : { status: "draft" },
  });

  if (loadError) return <FormLoadFailure title="تعديل المقال" back={BACK} message={loadError} />;

  const status = (fields.status.value ?? "draft") as PostStatus;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
      <FormShell
        title={post ? "تعديل المقال" : "مقال جديد"}
        back={BACK}
        badge={<StatusBadge status={POST_STATUSES.includes(status) ? status : "draft"} />}
        saveLabel={post ? "حفظ التعديلات" : "حفظ المقال"}
        preview={
          <PostPreview
            title={fields.title.value}
            excerpt={fields.excerpt.value}
            content={fields.content.value}
            imageUrl={previewImage}
          />
        }
      >
        <InputField
          label="العنوان"
          meta={fields.title}
          onInput={(event) => {
            if (slugFollowsTitle) {
              form.update({ name: fields.slug.name, value: slugify(event.currentTarget.value) });
            }
          }}
        />
        <InputField
          label="الرابط"
          meta={fields.slug}
          hint="آخر جزء من عنوان صفحة المقال. يُنشأ من العنوان تلقائياً ويمكنك تعديله."
          onInput={() => slugFollowsTitle && setSlugFollowsTitle(false)}
        />
        <TextareaField
          label="المقتطف"
          meta={fields.excerpt}
          rows={3}
          hint="سطران يلخّصان المقال، يظهران في بطاقته بصفحة الأخبار (اختياري)."
        />
        <TextareaField
          label="نص المقال"
          meta={fields.content}
          rows={14}
          hint="اترك سطراً فارغاً بين كل فقرة وأخرى."
        />
        <ImageUploadField
          label="الصورة البارزة"
          meta={fields.featuredImage}
          currentUrl={post?.featuredImage}
          onPreviewChange={setPreviewImage}
        />
        <div className="grid gap-5 md:grid-cols-2">
          <CategorySelect meta={fields.categoryId} categories={categories} />
          <SelectField
            label="الحالة"
            meta={fields.status}
            options={POST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          />
        </div>
        <FieldErrors id={form.errorId} errors={form.errors} />
      </FormShell>
    </Form>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
