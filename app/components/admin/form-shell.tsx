import { Eye, Loader2, PencilLine, Save } from "lucide-react";
import { Tabs } from "radix-ui";
import { type ReactNode, useId } from "react";
import { type MetaFunction, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { cn } from "~/shared/cn";
import { type ContentType, formTitle, staffSection, staffTitle } from "~/shared/content-types";
import { AdminPageHeader } from "./admin-page-header";

const tabClass = cn(
  buttonClass("ghost"),
  "rounded-b-none border-b-3 border-transparent data-[state=active]:border-primary data-[state=active]:text-primary-dark",
);

/** The browser tab's title of a content type's form: new or editing (`:id` in the address). */
export const formMeta =
  (type: ContentType): MetaFunction =>
  ({ params }) => [{ title: staffTitle(formTitle(type, Boolean(params.id))) }];

/** The form's way back to its type's list. */
export const formBack = (type: ContentType) => ({
  to: staffSection(type.name).list,
  label: type.form.back,
});

/**
 * The frame of every staff form (posts, videos, images): back link, title, status badge, an
 * edit tab with the fields and a preview tab, and the save button under both. Render it
 * inside the route's <Form>. The edit tab stays mounted while the preview shows, so no typed
 * value or chosen file is lost by switching tabs.
 */
export function FormShell({
  type,
  editing,
  badge,
  preview,
  saveLabel = "حفظ",
  saveBlockedBy,
  children,
}: {
  /** The content type whose item this is: its declaration words the title and the back link. */
  type: ContentType;
  editing: boolean;
  badge?: ReactNode;
  preview: ReactNode;
  saveLabel?: string;
  /** Why saving is not possible yet (e.g. 'يرجى رفع صورة'): disables the button and says why. */
  saveBlockedBy?: string | null;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const blockedId = useId();
  return (
    <div>
      <AdminPageHeader title={formTitle(type, editing)} back={formBack(type)} badge={badge} />
      <ErrorSummary />
      <Tabs.Root defaultValue="edit" dir="rtl" className="space-y-6">
        <Tabs.List aria-label="طريقة العرض" className="flex flex-wrap gap-2 border-b border-line">
          <Tabs.Trigger value="edit" className={tabClass}>
            <PencilLine aria-hidden className="size-5" />
            تحرير
          </Tabs.Trigger>
          <Tabs.Trigger value="preview" className={tabClass}>
            <Eye aria-hidden className="size-5" />
            معاينة
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content
          value="edit"
          forceMount
          className="space-y-5 rounded-2xl border border-line bg-white p-5 data-[state=inactive]:hidden md:p-8"
        >
          {children}
        </Tabs.Content>
        <Tabs.Content
          value="preview"
          className="rounded-2xl border border-line bg-white p-5 md:p-8"
        >
          {preview}
        </Tabs.Content>
      </Tabs.Root>
      <div
        data-sticky-save-bar
        className="sticky bottom-0 mt-6 flex flex-wrap items-center gap-3 border-t border-line bg-surface/95 py-4 backdrop-blur"
      >
        <Button
          type="submit"
          size="lg"
          pending={saving}
          disabled={!saving && Boolean(saveBlockedBy)}
          aria-describedby={saveBlockedBy ? blockedId : undefined}
        >
          {saving ? (
            <Loader2 aria-hidden className="size-5 animate-spin" />
          ) : (
            <Save aria-hidden className="size-5" />
          )}
          {saving ? "جارٍ الحفظ…" : saveLabel}
        </Button>
        {saveBlockedBy && (
          <p id={blockedId} className="font-medium text-muted">
            {saveBlockedBy}
          </p>
        )}
      </div>
    </div>
  );
}
