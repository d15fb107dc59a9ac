import { getFormProps } from "@conform-to/react";
import { ExternalLink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useBlocker,
  useLoaderData,
} from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { FormLoadFailure } from "~/components/admin/form-load-failure";
import { FormShell } from "~/components/admin/form-shell";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { readLocalDraft } from "~/components/admin/local-draft";
import { PostRevisions } from "~/components/admin/post-revisions";
import { CategorySelect, SelectField } from "~/components/admin/select-field";
import { ShareImageField } from "~/components/admin/share-image-field";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { StatusBadge } from "~/components/admin/status-badge";
import { useAutosave } from "~/components/admin/use-autosave";
import { useStaffForm } from "~/components/admin/use-staff-form";
import { ErrorScreen } from "~/components/error-screen";
import { RichTextField } from "~/components/rich-text/rich-text-field";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, InputField, TextareaField } from "~/components/ui/field";
import { draftKeyOf, getAutosave, listPostRevisions } from "~/models/post-revisions.server";
import { createPost, getPostForStaff, updatePost } from "~/models/posts.server";
import { getStaffActor } from "~/services/permissions.server";
import { loadStaffForm, staffFormAction } from "~/services/staff-forms.server";
import { formatDateTime, toRiyadhInput } from "~/shared/dates";
import { InvalidInputError } from "~/shared/domain-errors";
import { postPath } from "~/shared/paths";
import { POST_STATUSES, type PostStatus, STATUS_LABELS } from "~/shared/post-status";
import { slugify } from "~/shared/slug";
import { now } from "~/utils/clock.server";
import { createPreviewToken } from "~/utils/preview-token.server";
import { htmlToPlainText, toPostHtml } from "~/utils/rich-text.server";
import { CONTENT_REQUIRED, META_DESCRIPTION_HINT_LENGTH, postFormSchema } from "./post-schema";

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
  if (!entry) return { post: null, ...form, ...(await editorExtras(request, undefined, null)) };
  const { content, ...post } = entry;
  return {
    // The content is sanitized again on the way out: one allowlist for save and render.
    post: { ...post, content: toPostHtml(content), updatedAt: post.updatedAt.toISOString() },
    ...form,
    ...(await editorExtras(request, post.id, post)),
  };
}

/**
 * What the rich editor adds to the form: the person's unsaved draft, the revisions, whether
 * the post is scheduled, and a signed preview link. Failures only cost the extra, not the form.
 */
async function editorExtras(
  request: Request,
  postId: string | undefined,
  post: { slug: string; status: PostStatus; publishedAt: Date | null; contentText: string } | null,
) {
  const actor = await getStaffActor(request);
  const key = draftKeyOf(postId);
  const [autosave, revisions] = await Promise.all([
    key ? getAutosave(actor, key).catch(() => null) : null,
    postId ? listPostRevisions(actor, postId).catch(() => []) : [],
  ]);
  if (!post || !postId)
    return { autosave, revisions: [], scheduledFor: null, previewPath: null, currentText: "" };
  const scheduled = post.status === "published" && post.publishedAt && post.publishedAt > now();
  return {
    autosave,
    revisions: revisions.map(({ content, ...revision }) => ({
      ...revision,
      text: htmlToPlainText(content),
    })),
    scheduledFor: scheduled ? post.publishedAt : null,
    previewPath: `${postPath(post.slug)}?preview=${createPreviewToken(postId)}`,
    currentText: post.contentText,
  };
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  staffFormAction(request, params, {
    schema: postFormSchema,
    save: (actor, value, id) => {
      const { featuredImage, removeImage, excerpt, categoryId, version, publishAt, ...fields } =
        value;
      // Markup that sanitizes to nothing (only a script, say) is no content at all.
      if (!toPostHtml(fields.content)) throw new InvalidInputError(CONTENT_REQUIRED, "content");
      const input = {
        ...fields,
        excerpt: excerpt || null,
        categoryId: categoryId ?? null,
        publishAt: publishAt ?? null,
      };
      return id
        ? updatePost(actor, id, input, { file: featuredImage, remove: removeImage }, version)
        : createPost(actor, input, featuredImage);
    },
    saveFailed: SAVE_FAILED,
    what: "post",
    imageField: "featuredImage",
    done: {
      to: STAFF_PATHS.posts.list,
      created: { type: "success", title: "تم الإنشاء", description: "أُنشئ المقال بنجاح" },
      updated: { type: "success", title: "تم الحفظ", description: "حُفظت تعديلات المقال" },
    },
  });

const BACK = { to: STAFF_PATHS.posts.list, label: "العودة إلى المقالات" };

/**
 * The article's text as the preview may show it: HTML the server sanitized (the stored post, a
 * draft) or the editor made (its schema is the allowlist), or text typed into the fallback
 * textarea, which is shown as text, never as markup.
 */
type PreviewContent = { html: string } | { text: string };

function PreviewBody({ content }: { content: PreviewContent }) {
  if ("html" in content) {
    return content.html ? (
      <div className="article-body" dangerouslySetInnerHTML={{ __html: content.html }} />
    ) : (
      <EmptyBody />
    );
  }
  const paragraphs = content.text.split(/\n\s*\n|\n/).filter((line) => line.trim());
  if (paragraphs.length === 0) return <EmptyBody />;
  return (
    <div className="article-body">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

const EmptyBody = () => <p className="text-muted">سيظهر نص المقال هنا.</p>;

function PostPreview({
  title,
  excerpt,
  content,
  imageUrl,
}: {
  title?: string;
  excerpt?: string;
  content: PreviewContent;
  imageUrl: string | null;
}) {
  return (
    <article dir="rtl" className="mx-auto max-w-3xl space-y-5">
      {imageUrl && (
        <img src={imageUrl} alt="" className="max-h-96 w-full rounded-2xl object-cover" />
      )}
      <h2 className="text-3xl leading-snug text-primary-dark">{title || "عنوان المقال"}</h2>
      {excerpt && <p className="text-lg text-muted">{excerpt}</p>}
      <PreviewBody content={content} />
    </article>
  );
}

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
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(!post);
  const [offeredDraft, setOfferedDraft] = useState<{
    fields: { title: string; excerpt: string; content: string };
    savedAt: Date | string;
  } | null>(autosave);
  // A copy this browser kept while the server could not take it (an ended session), if newer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => {
    const local = readLocalDraft(post?.id, post?.updatedAt ?? "");
    if (local && (!autosave || new Date(local.savedAt) > new Date(autosave.savedAt))) {
      setOfferedDraft(local);
    }
  }, []);
  const [editorKey, setEditorKey] = useState(0);
  const latestContent = useRef(post?.content ?? "");
  const [previewContent, setPreviewContent] = useState<PreviewContent>({
    html: post?.content ?? "",
  });
  // Leaving by an in-app link (the sidebar, the back link) with unsaved changes asks first;
  // closing the tab is asked by the browser (beforeunload, in useAutosave).
  const leave = useBlocker(
    ({ currentLocation, nextLocation }) =>
      drafts.mustAsk() && currentLocation.pathname !== nextLocation.pathname,
  );
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

  if (loadError) return <FormLoadFailure title="تعديل المقال" back={BACK} message={loadError} />;

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
  const metaLength = Array.from(fields.metaDescription.value ?? "").length;

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
          title={post ? "تعديل المقال" : "مقال جديد"}
          back={BACK}
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
            <div role="status" className="rounded-xl border border-accent bg-accent-light p-4">
              <p className="font-medium">
                لديك مسودة غير محفوظة من {formatDateTime(offeredDraft.savedAt)}.
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonClass("default", "sm")}
                  onClick={restoreDraft}
                >
                  استعادة المسودة غير المحفوظة
                </button>
                <button
                  type="button"
                  className={buttonClass("ghost", "sm")}
                  onClick={() => {
                    drafts.discard();
                    setOfferedDraft(null);
                  }}
                >
                  تجاهلها
                </button>
              </div>
            </div>
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
          <p aria-live="polite" className="text-sm text-muted">
            {drafts.savedAt ? `حُفظت مسودة تلقائياً الساعة ${formatTime(drafts.savedAt)}` : ""}
          </p>
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
          <InputField
            label="موعد النشر (بتوقيت الرياض)"
            meta={fields.publishAt}
            type={"datetime-local" as "text"}
            hint="للمقال المنشور فقط: اختر موعداً قادماً ليظهر المقال على الموقع وحده في ذلك الوقت، أو اتركه فارغاً لينشر الآن."
          />
          <fieldset className="space-y-4 rounded-xl border border-line p-4">
            <legend className="px-2 font-medium">محركات البحث والمشاركة</legend>
            <InputField
              label="وصف محركات البحث"
              meta={fields.metaDescription}
              hint={`${metaLength} حرفاً — الأفضل ألا يزيد على ${META_DESCRIPTION_HINT_LENGTH} حرفاً، وإن تُرك فارغاً استُخدم المقتطف.`}
            />
            <ShareImageField
              meta={fields.shareImage}
              featuredImage={previewImage}
              onChoose={(value) => form.update({ name: fields.shareImage.name, value })}
            />
            <InputField
              label="الصفحة الأصلية للمقال (Canonical)"
              meta={fields.canonicalUrl}
              dir="ltr"
              hint="فقط إن نُشر المقال أولاً في موقع آخر؛ وإلا فاتركه فارغاً."
            />
          </fieldset>
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
      <ConfirmDialog
        open={leave.state === "blocked"}
        title="مغادرة دون حفظ؟"
        message="لم تُحفظ تعديلاتك على هذا المقال. ستبقى مسودة غير منشورة تُعرض عليك حين تعود إليه."
        confirmLabel="مغادرة الصفحة"
        onConfirm={() => leave.proceed?.()}
        onCancel={() => leave.reset?.()}
      />
    </>
  );
}

const timeFormat = new Intl.DateTimeFormat("ar-SA-u-nu-latn", {
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "Asia/Riyadh",
});
const formatTime = (date: Date) => timeFormat.format(date);

export function ErrorBoundary() {
  return <ErrorScreen />;
}
