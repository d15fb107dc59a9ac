import { getFormProps } from "@conform-to/react";
import { ExternalLink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from "react-router";
import { FormLoadFailure } from "~/components/admin/form-load-failure";
import { FormShell, formMeta } from "~/components/admin/form-shell";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { PostRevisions } from "~/components/admin/post-revisions";
import { AutosaveStatus } from "~/components/admin/posts/autosave-status";
import { DraftOffer, useOfferedDraft } from "~/components/admin/posts/draft-offer";
import { LeaveGuard } from "~/components/admin/posts/leave-guard";
import { PostPreview, type PreviewContent } from "~/components/admin/posts/post-preview";
import { SearchFields } from "~/components/admin/posts/search-fields";
import { CategorySelect } from "~/components/admin/select-field";
import { StatusSelect, TypedInputField } from "~/components/admin/staff-fields";
import { StatusBadge } from "~/components/admin/status-badge";
import { TitleSlugFields } from "~/components/admin/title-slug-fields";
import { useAutosave } from "~/components/admin/use-autosave";
import { useStaffForm } from "~/components/admin/use-staff-form";
import { ErrorScreen } from "~/components/error-screen";
import { RichTextField } from "~/components/rich-text/rich-text-field";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, TextareaField } from "~/components/ui/field";
import { staffFormAction } from "~/services/staff-forms.server";
import { CONTENT_TYPES } from "~/shared/content-types";
import { formatDateTime, toRiyadhInput } from "~/shared/dates";
import { POST_STATUSES, type PostStatus } from "~/shared/post-status";
import { slugify } from "~/shared/slug";
import { FORM_CAPS } from "~/utils/body-caps.server";
import { loadPostForm, savePost } from "./form.server";
import { META_DESCRIPTION_HINT_LENGTH, postFormSchema } from "./post-schema";

// This module serves two routes (posts/new and posts/:id/edit), so it types its arguments
// with the generic LoaderFunctionArgs/ActionFunctionArgs rather than a generated +types file.

export const meta = formMeta(CONTENT_TYPES.posts);

/** Editors and admins only (spec §2.4); viewers get the 403 screen. */
export const loader = ({ request, params }: LoaderFunctionArgs) => loadPostForm(request, params);

export const action = ({ request, params }: ActionFunctionArgs) =>
  staffFormAction(request, params, {
    schema: postFormSchema,
    save: savePost,
    saveFailed: "فشل في حفظ المقال",
    what: "post",
    imageField: "featuredImage",
    caps: FORM_CAPS.post,
    type: CONTENT_TYPES.posts,
  });

type PostFormData = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * A save elsewhere (a restored revision, a colleague's save heard live) brings a new version of
 * the post: the form starts afresh from it, since the editor and Conform only read their values
 * when they mount. Not while it has unsaved changes: they would be lost, and saving them later
 * must still be checked against the version they were written on (a 409, never an overwrite).
 */
export default function PostFormRoute() {
  const data = useLoaderData<typeof loader>();
  const drafts = useAutosave(data.post?.id, data.post?.updatedAt);
  const [shown, setShown] = useState(data);
  if (shown !== data && !drafts.dirty) setShown(data);
  return <PostForm key={shown.post?.updatedAt ?? "new"} data={shown} drafts={drafts} />;
}

function PostForm({
  data,
  drafts,
}: {
  data: PostFormData;
  drafts: ReturnType<typeof useAutosave>;
}) {
  const {
    post,
    categories,
    loadError,
    autosave,
    revisions,
    scheduledFor,
    previewPath,
    currentText,
  } = data;
  const [previewImage, setPreviewImage] = useState<string | null>(post?.featuredImage ?? null);
  // A new post's slug follows its title until the slug is edited by hand (spec §5).
  const [offeredDraft, setOfferedDraft] = useOfferedDraft(post, autosave);
  const [editorKey, setEditorKey] = useState(0);
  const latestContent = useRef(post?.content ?? "");
  const [previewContent, setPreviewContent] = useState<PreviewContent>({
    html: post?.content ?? "",
  });
  // An answer to the save that is not a redirect is a refusal (invalid, or a 409).
  const answer = useActionData();
  useEffect(() => {
    if (answer) drafts.saveRefused();
  }, [answer, drafts.saveRefused]);
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
          publishAt: scheduledFor ? toRiyadhInput(scheduledFor) : "",
          metaDescription: post.metaDescription ?? "",
          shareImage: post.shareImage ?? "",
          canonicalUrl: post.canonicalUrl ?? "",
          version: post.updatedAt,
        }
      : { status: "draft" },
  });

  // A title typed before the page became interactive still gives the new post its slug.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const element = document.forms.namedItem(form.id);
    const title = element?.elements.namedItem(fields.title.name) as HTMLInputElement | null;
    const slug = element?.elements.namedItem(fields.slug.name) as HTMLInputElement | null;
    if (!post && title?.value && !slug?.value) {
      form.update({ name: fields.slug.name, value: slugify(title.value) });
    }
  }, []);

  if (loadError) return <FormLoadFailure type={CONTENT_TYPES.posts} message={loadError} />;

  const status = (fields.status.value ?? "draft") as PostStatus;
  const formProps = getFormProps(form);
  // Read from the form itself: Conform's values catch up one render after an input event.
  const texts = (content = latestContent.current) => {
    latestContent.current = content;
    const element = document.forms.namedItem(form.id);
    const values = element ? new FormData(element) : null;
    return {
      title: String(values?.get(fields.title.name) ?? ""),
      excerpt: String(values?.get(fields.excerpt.name) ?? ""),
      content,
    };
  };

  function restoreDraft() {
    if (!offeredDraft) return;
    form.update({ name: fields.title.name, value: offeredDraft.fields.title });
    form.update({ name: fields.excerpt.name, value: offeredDraft.fields.excerpt });
    form.update({ name: fields.content.name, value: offeredDraft.fields.content });
    latestContent.current = offeredDraft.fields.content;
    setPreviewContent({ html: offeredDraft.fields.content });
    // Still unsaved in the post: leaving asks, and the draft stays on the server.
    drafts.changed(offeredDraft.fields);
    setEditorKey((key) => key + 1);
    setOfferedDraft(null);
  }

  return (
    <>
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        onInput={() => drafts.changed(texts())}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          // A real save (not one of Conform's own intents): its redirect asks nothing; a refused
          // one hands the changes back as unsaved (saveRefused above).
          if (!event.defaultPrevented) drafts.saving();
        }}
      >
        <FormShell
          type={CONTENT_TYPES.posts}
          editing={Boolean(post)}
          badge={<StatusBadge status={POST_STATUSES.includes(status) ? status : "draft"} />}
          saveLabel={post ? "حفظ التعديلات" : "حفظ المقال"}
          preview={
            <PostPreview
              title={fields.title.value}
              excerpt={fields.excerpt.value}
              content={previewContent}
              imageUrl={previewImage}
            />
          }
        >
          {offeredDraft && (
            <DraftOffer
              draft={offeredDraft}
              onRestore={restoreDraft}
              onDiscard={() => {
                drafts.discard();
                setOfferedDraft(null);
              }}
            />
          )}
          {scheduledFor && (
            <p
              role="status"
              className="rounded-xl bg-primary-light p-4 font-medium text-primary-dark"
            >
              مجدول للنشر في {formatDateTime(scheduledFor)} (بتوقيت الرياض)
            </p>
          )}
          <input type="hidden" name={fields.version.name} value={post?.updatedAt ?? ""} />
          <TitleSlugFields
            titleLabel="العنوان"
            title={fields.title}
            slug={fields.slug}
            slugHint="آخر جزء من عنوان صفحة المقال. يُنشأ من العنوان تلقائياً ويمكنك تعديله."
            isNew={!post}
            setSlug={(value) => form.update({ name: fields.slug.name, value })}
          />
          <TextareaField
            label="المقتطف"
            meta={fields.excerpt}
            rows={3}
            hint="سطران يلخّصان المقال، يظهران في بطاقته بصفحة الأخبار (اختياري)."
          />
          <RichTextField
            label="نص المقال"
            meta={fields.content}
            resetKey={editorKey}
            hint="استخدم شريط الأدوات للعناوين والقوائم والروابط والصور والفيديو. يُحفظ ما تكتبه تلقائياً كل بضع ثوانٍ."
            onChange={(value, from) => {
              setPreviewContent(from === "editor" ? { html: value } : { text: value });
              drafts.changed(texts(value));
            }}
          />
          <AutosaveStatus savedAt={drafts.savedAt} />
          <ImageUploadField
            label="الصورة البارزة"
            meta={fields.featuredImage}
            currentUrl={post?.featuredImage}
            onPreviewChange={setPreviewImage}
          />
          <div className="grid gap-5 md:grid-cols-2">
            <CategorySelect meta={fields.categoryId} categories={categories} />
            <StatusSelect meta={fields.status} type={CONTENT_TYPES.posts} />
          </div>
          <TypedInputField
            kind="datetime"
            label="موعد النشر (بتوقيت الرياض)"
            meta={fields.publishAt}
            hint="للمقال المنشور فقط: اختر موعداً قادماً ليظهر المقال على الموقع وحده في ذلك الوقت، أو اتركه فارغاً لينشر الآن."
          />
          <SearchFields
            metaDescription={fields.metaDescription}
            shareImage={fields.shareImage}
            canonicalUrl={fields.canonicalUrl}
            descriptionHintLength={META_DESCRIPTION_HINT_LENGTH}
            featuredImage={previewImage}
            onChooseShareImage={(value) => form.update({ name: fields.shareImage.name, value })}
          />
          {previewPath && (
            <a
              href={previewPath}
              target="_blank"
              rel="noreferrer"
              className={buttonClass("outline", "default")}
            >
              <ExternalLink aria-hidden className="size-5" />
              معاينة على الموقع
            </a>
          )}
          <FieldErrors id={form.errorId} errors={form.errors} />
        </FormShell>
      </Form>
      {post && (
        <PostRevisions
          postId={post.id}
          revisions={revisions}
          currentTitle={post.title}
          currentText={currentText}
          unsavedChanges={drafts.mustAsk}
          onRestoreOverUnsaved={drafts.markSaved}
        />
      )}
      <LeaveGuard mustAsk={drafts.mustAsk} />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
