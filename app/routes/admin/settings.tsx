import { RotateCcw } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { useErrorToast } from "~/components/admin/mutation-feedback";
import { TWO_FACTOR_SECTION, TwoFactorSection } from "~/components/auth/two-factor-section";
import { ErrorScreen } from "~/components/error-screen";
import { ACCOUNT_SECTIONS, AccountSettingsSections } from "~/components/settings/account-sections";
import { FormNotice } from "~/components/settings/form-notice";
import {
  SITE_SETTINGS_SECTIONS,
  SiteSettingsSections,
} from "~/components/settings/site-settings-sections";
import { buttonClass } from "~/components/ui/button";
import { getLatestChange } from "~/models/audit-log.server";
import { getSettingsForAdmin, updateSetting } from "~/models/site-settings.server";
import { handleAccountSettings } from "~/services/account-settings.server";
import { throwRefusal } from "~/services/error-answers.server";
import { requireRole } from "~/services/permissions.server";
import { getTwoFactorState } from "~/services/two-factor.server";
import { formAnswer } from "~/shared/action-result";
import { parseForm } from "~/shared/form-validation";
import { type Actor, assertRole, hasRole } from "~/shared/roles";
import {
  SETTINGS_INTENTS,
  SETTINGS_LOAD_FAILED,
  SETTINGS_SECTIONS,
  SETTINGS_UPDATED,
  type SettingsIntent,
} from "~/shared/settings-schemas";
import { getSiteUrl } from "~/utils/env.server";
import {
  isRefusedValue,
  REQUEST_INVALID_VALUES,
  readFormData,
  refuseRequest,
} from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "الإعدادات | جمعية رفق" }];

/**
 * The settings screen (spec §2.9), for staff: their own account sections, and for
 * administrators the site's settings. Viewers manage their account at /profile. A failed read of those is shown as such (spec §8), never as defaults
 * an admin might then save over the real values.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const user = { fullName: actor.fullName, email: actor.email, role: actor.role };
  const twoFactorOn = (await getTwoFactorState(actor)).status === "on";
  if (!hasRole(actor, "admin")) return { user, twoFactorOn, site: null, loadError: null };
  try {
    const [settings, donationChange] = await Promise.all([
      getSettingsForAdmin(actor),
      getLatestChange(actor, "donation_account"),
    ]);
    const site = { settings, siteUrl: settings.site_url ?? getSiteUrl(), donationChange };
    return { user, twoFactorOn, site, loadError: null };
  } catch (error) {
    logger.error({ err: error }, "failed to load the site settings");
    return { user, twoFactorOn, site: null, loadError: SETTINGS_LOAD_FAILED };
  }
}

const INVALID_REQUEST = "طلب غير صالح";

/** How each administrators' section stores its validated value. */
const SAVE: {
  [I in SettingsIntent]: (
    admin: Actor,
    value: z.output<(typeof SETTINGS_SECTIONS)[I]["schema"]>,
  ) => Promise<unknown>;
} = {
  "update-registration": (admin, value) => updateSetting(admin, "registration_control", value),
  "update-social-links": (admin, value) => updateSetting(admin, "social_links", value),
  "update-contact-info": (admin, value) => updateSetting(admin, "contact_info", value),
  "update-donation-account": (admin, value) => updateSetting(admin, "donation_account", value),
  "update-site-url": (admin, value) => updateSetting(admin, "site_url", value.site_url),
};

/** Answers 'تم التحديث' only once the value is stored; otherwise 'خطأ' and the section's message. */
async function saveSection(admin: Actor, intent: SettingsIntent, formData: FormData) {
  const { schema, failure, success } = SETTINGS_SECTIONS[intent];
  const submission = parseForm(formData, { schema });
  if (submission.status !== "success") {
    return formAnswer({ intent, reply: submission.reply() }, { status: 400 });
  }
  try {
    await (SAVE[intent] as (admin: Actor, value: unknown) => Promise<unknown>)(
      admin,
      submission.value,
    );
  } catch (error) {
    throwRefusal(error);
    if (isRefusedValue(error)) {
      return formAnswer(
        { intent, reply: submission.reply({ formErrors: [REQUEST_INVALID_VALUES] }) },
        { status: 400 },
      );
    }
    logger.error({ err: error, intent }, "failed to save a site setting");
    return formAnswer(
      {
        intent,
        reply: submission.reply({ formErrors: [failure] }),
        toast: { type: "error", title: "خطأ", description: failure },
      },
      { status: 500 },
    );
  }
  return formAnswer({
    intent,
    reply: submission.reply(),
    toast: { type: "success", title: SETTINGS_UPDATED, description: success },
  });
}

const intentSchema = z.object({ intent: z.enum(SETTINGS_INTENTS, { error: INVALID_REQUEST }) });

/**
 * Each section posts its own `intent`. The account sections are any staff member's; the others
 * need an administrator, checked here (403) and again in the model.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, "editor");
  const formData = await readFormData(request);
  const accountAnswer = await handleAccountSettings(request, actor, formData);
  if (accountAnswer) return accountAnswer;
  const submission = parseForm(formData, { schema: intentSchema });
  if (submission.status !== "success") refuseRequest(400, INVALID_REQUEST);
  return saveSection(assertRole(actor, "admin"), submission.value.intent, formData);
}

/**
 * Jump links to every section, in a sticky list beside the sections on wide screens. Phones
 * leave it out: there the sections simply follow one another.
 */
function SectionContents({ sections }: { sections: { id: string; title: string }[] }) {
  return (
    <nav
      aria-label="أقسام الإعدادات"
      className="hidden xl:sticky xl:top-24 xl:col-start-2 xl:row-start-1 xl:block xl:self-start"
    >
      <p className="mb-2 font-medium text-muted" aria-hidden>
        في هذه الصفحة
      </p>
      <ul className="space-y-1">
        {sections.map(({ id, title }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="flex min-h-11 items-center rounded-xl px-4 text-ink hover:bg-primary-light hover:text-primary-dark"
            >
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LoadFailed({ message }: { message: string }) {
  return (
    <FormNotice tone="error">
      <p className="font-medium">{message}</p>
      <p>لم نعرض إعدادات الموقع حتى لا تُحفظ قيم غير صحيحة فوق القيم المخزنة.</p>
      <Link to="." className={buttonClass("outline", "sm")}>
        <RotateCcw aria-hidden className="size-4" />
        إعادة المحاولة
      </Link>
    </FormNotice>
  );
}

export default function Settings() {
  const { user, twoFactorOn, site, loadError } = useLoaderData<typeof loader>();
  useErrorToast(loadError);
  const isAdmin = hasRole(user, "admin");
  const contents = [
    ACCOUNT_SECTIONS.personal,
    ACCOUNT_SECTIONS.password,
    TWO_FACTOR_SECTION,
    ...(site ? SITE_SETTINGS_SECTIONS : []),
  ];
  return (
    <div>
      <AdminPageHeader
        title="الإعدادات"
        description={
          isAdmin ? "بيانات حسابك، وإعدادات الموقع التي يراها الزوار." : "من هنا تدير بيانات حسابك."
        }
      />
      <div
        className={isAdmin ? "xl:grid xl:grid-cols-[minmax(0,1fr)_14rem] xl:gap-8" : "max-w-3xl"}
      >
        {isAdmin && <SectionContents sections={contents} />}
        <div className="space-y-6 xl:col-start-1 xl:row-start-1">
          <AccountSettingsSections user={user} />
          <TwoFactorSection enabled={twoFactorOn} />
          {isAdmin && (
            <>
              <p className="flex items-center gap-3 pt-4 font-medium text-muted">
                <span aria-hidden className="h-px flex-1 bg-line" />
                إعدادات الموقع — للمديرين فقط
                <span aria-hidden className="h-px flex-1 bg-line" />
              </p>
              {site ? (
                <SiteSettingsSections data={site} />
              ) : (
                <LoadFailed message={loadError ?? SETTINGS_LOAD_FAILED} />
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
