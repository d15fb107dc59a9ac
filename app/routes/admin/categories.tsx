import { getFormProps, useForm } from "@conform-to/react";
import { Loader2, Pencil, Plus, Tags } from "lucide-react";
import { Dialog } from "radix-ui";
import { useCallback, useEffect, useState } from "react";
import { useFetcher, useLoaderData } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { type Column, DataTable } from "~/components/admin/data-table";
import { EmptyState } from "~/components/admin/empty-state";
import { ConfirmDeleteButton } from "~/components/admin/row-actions";
import { ErrorScreen } from "~/components/error-screen";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField } from "~/components/ui/field";
import { auditedWrite } from "~/models/audit-log.server";
import {
  createCategory,
  deleteCategory,
  listCategoriesForStaff,
  type StaffCategory,
  updateCategory,
} from "~/models/categories.server";
import { formRefusal } from "~/services/error-answers.server";
import { getStaffActor, requireRole } from "~/services/permissions.server";
import { parseListIntent, respondToMutation } from "~/services/staff-actions.server";
import { formAnswer } from "~/shared/action-result";
import { formatShortDate, isoDate } from "~/shared/dates";
import { ConflictError, NotFoundError } from "~/shared/domain-errors";
import { browserValidation, parseForm } from "~/shared/form-validation";
import { slugify } from "~/shared/slug";
import { oneLineText } from "~/shared/text-fields";
import { isRefusedValue, REQUEST_INVALID_VALUES, readFormData } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import { toastHeader } from "~/utils/toast.server";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = () => [{ title: "التصنيفات | جمعية رفق" }];

const NAME_REQUIRED = "اسم التصنيف مطلوب";
const DELETE_CONFIRMATION =
  "هل أنت متأكد من حذف هذا التصنيف؟ لن تُحذف المقالات والفيديوهات والصور التابعة له، بل ستبقى دون تصنيف.";

const INVALID_REQUEST = "طلب غير صالح";
const SLUG_TOO_LONG = "الرابط يجب ألا يزيد على 60 حرفاً";

/** Create or rename; an empty slug is made from the name (the same rule as posts). */
export const categoryFormSchema = z
  .object({
    intent: z.enum(["create", "update"], { error: INVALID_REQUEST }),
    id: z.string({ error: INVALID_REQUEST }).max(100, INVALID_REQUEST).optional(),
    name: oneLineText(60, {
      required: NAME_REQUIRED,
      tooLong: "اسم التصنيف يجب ألا يزيد على 60 حرفاً",
    }),
    slug: z.string({ error: SLUG_TOO_LONG }).max(200, SLUG_TOO_LONG).optional(),
  })
  .transform((value, ctx) => {
    const slug = slugify(value.slug || value.name);
    if (!slug) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: "الرابط مطلوب" });
      return z.NEVER;
    }
    if (slug.length > 60) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: SLUG_TOO_LONG });
      return z.NEVER;
    }
    return { ...value, slug };
  });

/** Editors and admins read and change the categories (checked again in the model). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  try {
    return { categories: await listCategoriesForStaff(actor), loadFailed: false };
  } catch (error) {
    // Spec §8: a failure to load the categories is only logged (no toast).
    logger.error({ err: error }, "failed to list categories");
    return { categories: [] as StaffCategory[], loadFailed: true };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await getStaffActor(request);
  const formData = await readFormData(request);
  const row = parseListIntent(formData);
  if (row?.intent === "delete") {
    const item = { id: row.id };
    const remove = () => deleteCategory(actor, row.id);
    const entry = { actor, subject: "categories", action: "deleted", item } as const;
    return respondToMutation(() => auditedWrite(entry, remove), {
      success: { type: "success", title: "تم الحذف", description: "حُذف التصنيف" },
      failure: "فشل في حذف التصنيف",
    });
  }
  const submission = parseForm(formData, { schema: categoryFormSchema });
  if (submission.status !== "success") {
    return formAnswer({ reply: submission.reply() }, { status: 400 });
  }
  const { intent, id, name, slug } = submission.value;
  try {
    const action = intent === "update" && id ? "updated" : "created";
    await auditedWrite(
      { actor, subject: "categories", action, item: (saved) => ({ id: saved.id, label: name }) },
      () =>
        action === "updated" && id
          ? updateCategory(actor, id, { name, slug })
          : createCategory(actor, { name, slug }),
    );
  } catch (error) {
    // A name or slug taken beside its field; renamed after someone else deleted it: said in the
    // dialog, not on the error page.
    const refused = formRefusal(submission, error, { kinds: [ConflictError, NotFoundError] });
    if (refused) return refused;
    if (isRefusedValue(error)) {
      const reply = submission.reply({ formErrors: [REQUEST_INVALID_VALUES] });
      return formAnswer({ reply }, { status: 400 });
    }
    logger.error({ err: error }, "failed to save a category");
    const reply = submission.reply({ formErrors: ["فشل في حفظ التصنيف"] });
    return formAnswer({ reply }, { status: 500 });
  }
  const toast = await toastHeader({
    type: "success",
    title: intent === "update" ? "تم الحفظ" : "تم الإنشاء",
    description: intent === "update" ? "حُفظ التصنيف" : "أُضيف التصنيف",
  });
  return formAnswer({ reply: submission.reply() }, { headers: { "Set-Cookie": toast } });
}

/** The create/rename form; mounted afresh each time its dialog opens. */
function CategoryForm({ category, onSaved }: { category?: StaffCategory; onSaved: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const [slugFollowsName, setSlugFollowsName] = useState(!category);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: category ? `category-${category.id}` : "category-new",
    lastResult: answer?.reply,
    defaultValue: category ? { name: category.name, slug: category.slug } : undefined,
    ...browserValidation(categoryFormSchema),
  });
  const saved = answer?.ok === true;
  useEffect(() => {
    if (saved) onSaved();
  }, [saved, onSaved]);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
      <ErrorSummary />
      <input type="hidden" name="intent" value={category ? "update" : "create"} />
      {category && <input type="hidden" name="id" value={category.id} />}
      <InputField
        label="اسم التصنيف"
        meta={fields.name}
        onInput={(event) => {
          if (slugFollowsName) {
            form.update({ name: fields.slug.name, value: slugify(event.currentTarget.value) });
          }
        }}
      />
      <InputField
        label="الرابط"
        meta={fields.slug}
        hint="الرابط هو الكلمات التي تظهر في آخر عنوان صفحة التصنيف في المتصفح، بلا مسافات (مثل: أخبار-الجمعية). يُنشأ من الاسم تلقائياً، ويمكنك تعديله."
        onInput={() => slugFollowsName && setSlugFollowsName(false)}
      />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap justify-end gap-3">
        <Dialog.Close asChild>
          <Button type="button" variant="outline">
            إلغاء
          </Button>
        </Dialog.Close>
        <Button type="submit" pending={busy}>
          {busy && <Loader2 aria-hidden className="size-5 animate-spin" />}
          حفظ
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** A dialog with the category form; it closes itself once the server has saved. */
function CategoryDialog({
  category,
  trigger,
}: {
  category?: StaffCategory;
  trigger: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          dir="rtl"
          className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[min(92vw,32rem)] -translate-y-1/2 space-y-5 rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">
            {category ? `تعديل التصنيف «${category.name}»` : "تصنيف جديد"}
          </Dialog.Title>
          <Dialog.Description className="text-muted">
            يظهر اسم التصنيف في صفحة الأخبار ومعرض الوسائط.
          </Dialog.Description>
          <CategoryForm category={category} onSaved={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const COLUMNS: Column<StaffCategory>[] = [
  {
    header: "التصنيف",
    cell: (category) => (
      <div>
        <p className="text-lg font-bold @4xl:text-base">{category.name}</p>
        <p className="text-sm text-muted">{category.slug}</p>
      </div>
    ),
  },
  {
    header: "المحتوى التابع",
    cell: (category) =>
      `المقالات: ${category.postsCount} · الفيديوهات: ${category.videosCount} · الصور: ${category.imagesCount}`,
  },
  {
    header: "تاريخ الإنشاء",
    className: "whitespace-nowrap",
    cell: (category) => (
      <time dateTime={isoDate(category.createdAt)}>{formatShortDate(category.createdAt)}</time>
    ),
  },
];

export default function Categories() {
  const { categories, loadFailed } = useLoaderData<typeof loader>();
  const newButton = (
    <Button size="lg">
      <Plus aria-hidden className="size-5" />
      تصنيف جديد
    </Button>
  );
  return (
    <div>
      <AdminPageHeader
        title="التصنيفات"
        description="تُجمع بها المقالات والفيديوهات والصور. حذف تصنيف لا يحذف محتواه."
        actions={<CategoryDialog trigger={newButton} />}
      />
      {loadFailed ? (
        <p className="rounded-2xl bg-white p-6 text-muted">تعذّر تحميل التصنيفات الآن.</p>
      ) : categories.length ? (
        <DataTable
          caption="قائمة التصنيفات"
          rows={categories}
          rowKey={(category) => category.id}
          columns={COLUMNS}
          actions={(category) => (
            <>
              <CategoryDialog
                category={category}
                trigger={
                  <Button variant="outline" size="sm" aria-label={`تعديل «${category.name}»`}>
                    <Pencil aria-hidden className="size-4" />
                    تعديل
                  </Button>
                }
              />
              <ConfirmDeleteButton
                id={category.id}
                title={category.name}
                message={DELETE_CONFIRMATION}
              />
            </>
          )}
        />
      ) : (
        <EmptyState
          searching={false}
          icon={Tags}
          emptyTitle="لا توجد تصنيفات بعد"
          emptyText="أضف تصنيفات مثل «فعاليات» أو «برامج» لتنظيم المقالات والوسائط."
        />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
