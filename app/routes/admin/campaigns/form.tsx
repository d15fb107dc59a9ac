import { getFormProps, getInputProps } from "@conform-to/react";
import { Newspaper } from "lucide-react";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { FormLoadFailure } from "~/components/admin/form-load-failure";
import { FormShell, formMeta } from "~/components/admin/form-shell";
import { useStaffForm } from "~/components/admin/use-staff-form";
import { ErrorScreen } from "~/components/error-screen";
import { RichTextField } from "~/components/rich-text/rich-text-field";
import { Button } from "~/components/ui/button";
import { FieldErrors, InputField, inputClass } from "~/components/ui/field";
import { createCampaign, getCampaignForStaff, updateCampaign } from "~/models/campaigns.server";
import { loadStaffForm, staffFormAction } from "~/services/staff-forms.server";
import { CONTENT_TYPES } from "~/shared/content-types";
import { createOrUpdate } from "~/shared/create-or-update";
import { FORM_CAPS } from "~/utils/body-caps.server";
import { campaignFormSchema } from "./campaign-schema";
import { campaignFromPost, postsToStartFrom } from "./form.server";

// Two routes (campaigns/new and campaigns/:id/edit) share this module: generic argument types.

export const meta = formMeta(CONTENT_TYPES.campaigns);

/** Editors and admins (docs/decisions/051); a new one may start from a published post. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { entry, loadError } = await loadStaffForm(request, params, {
    load: getCampaignForStaff,
    loadFailed: "فشل في تحميل بيانات الحملة",
    notFoundMessage: "الحملة غير موجودة",
    what: "campaign",
  });
  if (params.id) {
    const campaign = entry && { ...entry, version: entry.updatedAt.toISOString() };
    return { campaign, loadError, posts: [], fromPost: null };
  }
  const slug = new URL(request.url).searchParams.get("post");
  const [posts, fromPost] = await Promise.all([postsToStartFrom(), campaignFromPost(slug)]);
  return { campaign: null, loadError, posts, fromPost };
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  staffFormAction(request, params, {
    caps: FORM_CAPS.campaign,
    schema: campaignFormSchema,
    save: createOrUpdate(createCampaign, updateCampaign),
    saveFailed: "فشل في حفظ الحملة",
    what: "campaign",
    type: CONTENT_TYPES.campaigns,
  });

/** A GET form: the page reloads with the post's title, excerpt, image and link filled in. */
function StartFromPost({ posts }: { posts: { slug: string; title: string }[] }) {
  if (!posts.length) return null;
  return (
    <Form
      method="get"
      className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-white p-5"
    >
      <div className="min-w-0 grow basis-64 space-y-1">
        <label htmlFor="start-from-post" className="block font-medium">
          ابدأ من خبر منشور (اختياري)
        </label>
        <select id="start-from-post" name="post" className={inputClass} defaultValue="">
          <option value="">اختر خبراً</option>
          {posts.map((post) => (
            <option key={post.slug} value={post.slug}>
              {post.title}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        <Newspaper aria-hidden className="size-5" />
        املأ الحملة من الخبر
      </Button>
    </Form>
  );
}

export default function CampaignForm() {
  const { campaign, loadError, posts, fromPost } = useLoaderData<typeof loader>();
  const [form, fields] = useStaffForm({
    // Another post chosen reloads the page with other values: a new form, not the old state.
    id: campaign ? `campaign-${campaign.id}` : `campaign-new${fromPost ? `-${fromPost.slug}` : ""}`,
    schema: campaignFormSchema,
    loadError,
    defaultValue: campaign
      ? { subject: campaign.subject, body: campaign.bodyHtml, inArchive: campaign.inArchive }
      : { subject: fromPost?.subject ?? "", body: fromPost?.body ?? "", inArchive: true },
  });
  if (loadError) return <FormLoadFailure type={CONTENT_TYPES.campaigns} message={loadError} />;
  return (
    <>
      {!campaign && <StartFromPost posts={posts} />}
      <Form method="post" {...getFormProps(form)}>
        {campaign && <input type="hidden" name={fields.version.name} value={campaign.version} />}
        <FormShell
          type={CONTENT_TYPES.campaigns}
          editing={Boolean(campaign)}
          saveLabel={campaign ? "حفظ التعديلات" : "حفظ الحملة"}
          preview={
            <article dir="rtl" className="mx-auto max-w-2xl space-y-4">
              <h2 className="text-2xl text-primary-dark">
                {fields.subject.value || "عنوان الرسالة"}
              </h2>
              <p className="text-muted">
                تظهر الرسالة كما تصل إلى المشتركين (على الحاسوب والجوال) في صفحة الحملة بعد حفظها.
              </p>
            </article>
          }
        >
          <InputField
            label="عنوان الرسالة"
            meta={fields.subject}
            hint="يظهر في صندوق بريد المشترك، وفي أرشيف النشرة على الموقع."
          />
          <RichTextField
            label="نص الرسالة"
            meta={fields.body}
            hint="المحرر نفسه الذي تُكتب به الأخبار: عناوين وقوائم وروابط وصور."
          />
          <div className="space-y-1">
            <label className="flex min-h-11 items-center gap-3 font-medium">
              <input
                {...getInputProps(fields.inArchive, { type: "checkbox" })}
                key={fields.inArchive.key}
                className="size-5 accent-primary"
              />
              تُعرض في أرشيف النشرة على الموقع بعد إرسالها
            </label>
            <FieldErrors id={fields.inArchive.errorId} errors={fields.inArchive.errors} />
          </div>
          <FieldErrors id={form.errorId} errors={form.errors} />
        </FormShell>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
