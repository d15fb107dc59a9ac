import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { ArrowDown, ArrowUp, Eye, EyeOff, History, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher, useLoaderData } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { useMutationFeedback } from "~/components/admin/mutation-feedback";
import { SelectField } from "~/components/admin/select-field";
import { ErrorScreen } from "~/components/error-screen";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField } from "~/components/ui/field";
import { getMenuForAdmin } from "~/models/menus.server";
import { requireRole } from "~/services/permissions.server";
import type { ActionResult } from "~/shared/action-result";
import { cn } from "~/shared/cn";
import { formatDateTime, isoDate } from "~/shared/dates";
import { browserValidation } from "~/shared/form-validation";
import {
  linkKindOf,
  MENU_IDS,
  MENU_NAMES,
  type MenuEntry,
  type MenuId,
  pageSlugOf,
} from "~/shared/menus";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/menus";
import { pressMenuButton, saveMenuItem } from "./menus.server";
import { LINK_KINDS, menuItemFormSchema } from "./menus-schema";

export const meta: Route.MetaFunction = () => [{ title: "القوائم | جمعية رفق" }];

const menuIdOf = (request: Request): MenuId =>
  new URL(request.url).searchParams.get("menu") === "footer" ? "footer" : "header";

/** The menus are the site's frame: administrators only (checked again in the model). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "admin");
  return getMenuForAdmin(actor, menuIdOf(request));
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, "admin");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  return intent === "add" || intent === "update"
    ? saveMenuItem(actor, formData)
    : pressMenuButton(actor, formData);
}

type Loaded = Awaited<ReturnType<typeof loader>>;

const LINK_KIND_LABELS = {
  section: "قسم من الموقع",
  page: "صفحة أنشأها فريق الجمعية",
  external: "رابط خارجي (https)",
} as const;

type Target = Loaded["sections"][number];

/** The published page an entry leads to (its path may be written encoded or not). */
function pageTarget(href: string, pages: Target[]) {
  const slug = pageSlugOf(href);
  return slug ? pages.find((page) => pageSlugOf(page.path) === slug) : undefined;
}

/** Where an entry leads, in words. */
function targetText(entry: MenuEntry, data: Loaded) {
  const kind = linkKindOf(entry.href);
  const target =
    kind === "section"
      ? data.sections.find((section) => section.path === entry.href)
      : kind === "page"
        ? pageTarget(entry.href, data.pages)
        : undefined;
  return `${LINK_KIND_LABELS[kind]}: ${target?.title ?? entry.href}`;
}

/**
 * The pages an entry may lead to: the published ones, and the entry's own page when it is not
 * (or no longer) published, under its address, so saving the entry keeps it.
 */
function pageChoices(data: Loaded, entry?: MenuEntry) {
  const options = data.pages.map((page) => ({ value: page.path, label: page.title }));
  if (!entry || linkKindOf(entry.href) !== "page") return { options, current: "" };
  const published = pageTarget(entry.href, data.pages);
  if (published) return { options, current: published.path };
  return {
    options: [...options, { value: entry.href, label: `${entry.href} (غير منشورة)` }],
    current: entry.href,
  };
}

/** The add form (no entry) or an entry's edit form: label, place and link. */
function MenuItemForm({ data, entry }: { data: Loaded; entry?: MenuEntry }) {
  const fetcher = useFetcher<ActionResult>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const formId = `${data.menuId}-${entry?.id ?? "new"}`;
  const parent = data.entries.find((top) => top.children.some((child) => child.id === entry?.id));
  const initialKind = entry ? linkKindOf(entry.href) : "section";
  const pages = pageChoices(data, entry);
  const [form, fields] = useForm({
    id: formId,
    lastResult: (answer as { reply?: never } | undefined)?.reply,
    defaultValue: {
      label: entry ? data.labels[entry.id] : "",
      parentId: parent?.id ?? "",
      kind: initialKind,
      section: initialKind === "section" ? entry?.href : data.sections[0]?.path,
      page: pages.current,
      url: initialKind === "external" ? entry?.href : "",
    },
    ...browserValidation(menuItemFormSchema),
  });
  const [kind, setKind] = useState(initialKind);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const parents = data.entries.filter((top) => top.id !== entry?.id);
  const shows = (which: string) => !enhanced || kind === which;
  return (
    <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
      <ErrorSummary />
      <input type="hidden" name="intent" value={entry ? "update" : "add"} />
      <input type="hidden" name="menu" value={data.menuId} />
      {entry && <input type="hidden" name="id" value={entry.id} />}
      <InputField label="اسم العنصر" meta={fields.label} maxLength={80} />
      {data.menuId === "header" && !entry?.children.length && (
        <SelectField
          label="مكانه في القائمة"
          meta={fields.parentId}
          placeholder="عنصر رئيسي"
          options={parents.map((top) => ({
            value: top.id,
            label: `تحت «${data.labels[top.id]}»`,
          }))}
        />
      )}
      <fieldset className="space-y-2">
        <legend className="font-medium">يؤدي إلى</legend>
        {LINK_KINDS.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-3">
            <input
              {...getInputProps(fields.kind, { type: "radio", value })}
              key={`${fields.kind.key}-${value}`}
              className="size-6"
              onChange={() => setKind(value)}
            />
            {LINK_KIND_LABELS[value]}
          </label>
        ))}
        <FieldErrors id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>
      <div hidden={!shows("section")}>
        <SelectField
          label="القسم"
          meta={fields.section}
          options={data.sections.map((section) => ({ value: section.path, label: section.title }))}
        />
      </div>
      <div hidden={!shows("page")} className="space-y-1">
        <SelectField
          label="الصفحة"
          meta={fields.page}
          placeholder="اختر صفحة منشورة"
          options={pages.options}
        />
        {data.pages.length === 0 && (
          <p className="text-sm text-muted">
            لا توجد صفحات منشورة بعد: أنشئ صفحة وانشرها من «الصفحات» ثم اخترها هنا.
          </p>
        )}
      </div>
      <div hidden={!shows("external")}>
        <InputField
          label="الرابط الخارجي"
          meta={fields.url}
          type="url"
          dir="ltr"
          placeholder="https://"
          hint="يبدأ بـ https:// فقط."
        />
      </div>
      <FieldErrors id={form.errorId} errors={form.errors} />
      <Button type="submit" pending={fetcher.state !== "idle"}>
        {entry ? "حفظ العنصر" : "إضافة العنصر"}
      </Button>
    </fetcher.Form>
  );
}

/** A row's button (move, hide, remove): posts its intent, keeps the focus on the moved row. */
function RowButton({
  menuId,
  entry,
  intent,
  label,
  icon: Icon,
  disabled,
  itemLabel,
}: {
  menuId: MenuId;
  entry: MenuEntry;
  itemLabel: string;
  intent: "move-up" | "move-down" | "toggle-hidden" | "remove";
  label: string;
  icon: typeof ArrowUp;
  disabled?: boolean;
}) {
  const fetcher = useFetcher<ActionResult>();
  useMutationFeedback(fetcher.data);
  const id = `${menuId}-${entry.id}-${intent}`;
  const named = `${label} «${itemLabel}»`;
  const done = fetcher.state === "idle" && fetcher.data?.ok;
  useEffect(() => {
    if (!done || intent === "remove") return;
    // The row moved: the keyboard stays on it (its other move button once it reached an end).
    const button = document.getElementById(id) as HTMLButtonElement | null;
    const other = intent === "move-up" ? "move-down" : "move-up";
    const fallback = document.getElementById(`${menuId}-${entry.id}-${other}`);
    (button && !button.disabled ? button : fallback)?.focus();
  }, [done, id, intent, menuId, entry.id]);
  return (
    <fetcher.Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="menu" value={menuId} />
      <input type="hidden" name="id" value={entry.id} />
      <Button
        id={id}
        type="submit"
        variant={intent === "remove" ? "outline" : "secondary"}
        size="sm"
        className="min-h-11"
        disabled={disabled}
        aria-label={named}
        title={named}
        pending={fetcher.state !== "idle"}
      >
        <Icon aria-hidden className="size-4" />
        {label}
      </Button>
    </fetcher.Form>
  );
}

function EntryRow({
  data,
  entry,
  index,
  count,
}: {
  data: Loaded;
  entry: MenuEntry;
  index: number;
  count: number;
}) {
  const label = data.labels[entry.id];
  const buttons = [
    { intent: "move-up", label: "لأعلى", icon: ArrowUp, disabled: index === 0 },
    { intent: "move-down", label: "لأسفل", icon: ArrowDown, disabled: index === count - 1 },
    {
      intent: "toggle-hidden",
      label: entry.hidden ? "إظهار" : "إخفاء",
      icon: entry.hidden ? Eye : EyeOff,
    },
    { intent: "remove", label: "حذف", icon: Trash2 },
  ] as const;
  return (
    <li className="space-y-2 rounded-2xl border border-line bg-white p-4" data-menu-item={entry.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="text-lg font-bold break-words">
            {label}
            {entry.hidden && (
              <span className="ms-2 rounded-full bg-surface px-2 py-0.5 text-sm font-medium text-muted">
                مخفي
              </span>
            )}
          </p>
          <p className="text-sm break-all text-muted">{targetText(entry, data)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {buttons.map((button) => (
            <RowButton
              key={button.intent}
              menuId={data.menuId}
              entry={entry}
              itemLabel={label}
              {...button}
            />
          ))}
        </div>
      </div>
      <details className="rounded-xl bg-surface">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 font-medium">
          <Pencil aria-hidden className="size-4" />
          تعديل «{label}»
        </summary>
        <div className="p-3">
          <MenuItemForm data={data} entry={entry} />
        </div>
      </details>
      {entry.children.length > 0 && (
        <EntryList
          data={data}
          entries={entry.children}
          className="space-y-2 border-s-2 border-line ps-3"
          label={`العناصر تحت «${label}»`}
        />
      )}
    </li>
  );
}

/** A menu's entries, or an entry's children, each with its buttons and its form. */
function EntryList({
  data,
  entries,
  className,
  label,
}: {
  data: Loaded;
  entries: MenuEntry[];
  className: string;
  label: string;
}) {
  return (
    <ol className={className} aria-label={label}>
      {entries.map((entry, index) => (
        <EntryRow key={entry.id} data={data} entry={entry} index={index} count={entries.length} />
      ))}
    </ol>
  );
}

function RevisionButton({ menuId, revisionId }: { menuId: MenuId; revisionId: string }) {
  const fetcher = useFetcher<ActionResult>();
  useMutationFeedback(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="restore-revision" />
      <input type="hidden" name="menu" value={menuId} />
      <input type="hidden" name="revisionId" value={revisionId} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        className="min-h-11"
        pending={fetcher.state !== "idle"}
      >
        <History aria-hidden className="size-4" />
        استعادة هذه النسخة
      </Button>
    </fetcher.Form>
  );
}

const NOTES: Record<string, string> = {
  save: "حفظ",
  restore: "استعادة نسخة",
  default: "القائمة الأصلية",
};

/** «استعادة القائمة الأصلية», asked twice: a disclosure holds the confirmation (works without JS). */
function RestoreDefault({ menuId }: { menuId: MenuId }) {
  const fetcher = useFetcher<ActionResult>();
  useMutationFeedback(fetcher.data);
  return (
    <details className="rounded-2xl border border-line bg-white p-4">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-medium">
        <RotateCcw aria-hidden className="size-4" />
        استعادة القائمة الأصلية
      </summary>
      <fetcher.Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="restore-default" />
        <input type="hidden" name="menu" value={menuId} />
        <p>
          تعود {MENU_NAMES[menuId]} كما في الموقع الأصلي، وتُحذف الإضافات والتعديلات منها. تبقى
          القائمة الحالية في النسخ السابقة إن أردت الرجوع إليها.
        </p>
        <Button type="submit" variant="destructive" pending={fetcher.state !== "idle"}>
          نعم، استعد القائمة الأصلية
        </Button>
      </fetcher.Form>
    </details>
  );
}

export default function Menus() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="القوائم"
        description="قائمة رأس الموقع وروابط التذييل: أعد تسمية العناصر ورتّبها وأخفها، وأضف أقساماً أو صفحات أو روابط خارجية. تظهر التغييرات في الصفحات المفتوحة فوراً."
      />
      <nav aria-label="القوائم" className="flex flex-wrap gap-2">
        {MENU_IDS.map((id) => (
          <Link
            key={id}
            to={`?menu=${id}`}
            aria-current={id === data.menuId ? "page" : undefined}
            className={cn(
              "inline-flex min-h-11 items-center rounded-xl px-4 font-medium",
              id === data.menuId ? "bg-primary text-white" : "bg-white hover:bg-primary-light",
            )}
          >
            {MENU_NAMES[id]}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="menu-items" className="space-y-3">
        <h2 id="menu-items" className="text-xl font-bold">
          عناصر {MENU_NAMES[data.menuId]}
        </h2>
        <p className="text-muted">
          {data.isDefault
            ? "هذه القائمة الأصلية للموقع."
            : "عُدّلت هذه القائمة؛ يمكنك الرجوع إلى القائمة الأصلية في آخر الصفحة."}
        </p>
        <EntryList
          data={data}
          entries={data.entries}
          className="space-y-3"
          label={MENU_NAMES[data.menuId]}
        />
      </section>
      <section aria-labelledby="menu-add" className="space-y-3 rounded-2xl bg-white p-4">
        <h2 id="menu-add" className="text-xl font-bold">
          إضافة عنصر
        </h2>
        <MenuItemForm key={`${data.menuId}-add`} data={data} />
      </section>
      <section aria-labelledby="menu-revisions" className="space-y-3">
        <h2 id="menu-revisions" className="text-xl font-bold">
          النسخ السابقة
        </h2>
        {data.revisions.length ? (
          <ol className="space-y-2">
            {data.revisions.map((revision) => (
              <li
                key={revision.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-3"
              >
                <span>
                  <time dateTime={isoDate(revision.savedAt)}>
                    {formatDateTime(revision.savedAt)}
                  </time>
                  {" · "}
                  {NOTES[revision.note] ?? revision.note} · {revision.itemCount} عنصراً
                  {revision.savedBy ? ` · ${revision.savedBy}` : ""}
                </span>
                <RevisionButton menuId={data.menuId} revisionId={revision.id} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-muted">لم تُحفظ هذه القائمة بعد.</p>
        )}
      </section>
      <RestoreDefault menuId={data.menuId} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
