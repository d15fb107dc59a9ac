import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useLoaderData,
  useRouteLoaderData,
} from "react-router";
import { AccountHeader } from "~/components/auth/account-header";
import { ErrorScreen } from "~/components/error-screen";
import { AccountSettingsSections } from "~/components/settings/account-sections";
import { handleAccountSettings } from "~/services/account-settings.server";
import { requireUser } from "~/services/permissions.server";
import type { Role } from "~/shared/roles";
import { readFormData, refuseRequest } from "~/utils/form-data.server";

// Typed by hand: generated route types exist only for routes registered in routes.ts.
export const meta: MetaFunction = () => [
  { title: "الإعدادات | جمعية رفق" },
  { name: "robots", content: "noindex" },
];

/** /profile: the settings screen of any signed-in user (spec §2.3, §2.9). */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireUser(request);
  return { user: { fullName: actor.fullName, email: actor.email, role: actor.role } };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUser(request);
  const response = await handleAccountSettings(request, actor, await readFormData(request));
  if (!response) refuseRequest(400, "طلب غير صالح");
  return response;
}

/** The account pages' frame: their top bar above the content. */
function AccountFrame({
  user,
  children,
}: {
  user: { fullName: string; role: Role } | null;
  children: React.ReactNode;
}) {
  return (
    <div className="min-h-screen bg-surface">
      <AccountHeader user={user} />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">{children}</main>
    </div>
  );
}

export default function Profile() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AccountFrame user={user}>
      <div className="space-y-1">
        <h1 className="text-3xl">الإعدادات</h1>
        <p className="text-lg text-muted">
          أهلاً {user.fullName || "بك"}، من هنا تدير بيانات حسابك.
        </p>
      </div>
      <AccountSettingsSections user={user} />
    </AccountFrame>
  );
}

/** A failure keeps the account pages' top bar, with the way back to the site. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/auth/profile");
  return (
    <AccountFrame user={data?.user ?? null}>
      <ErrorScreen />
    </AccountFrame>
  );
}
