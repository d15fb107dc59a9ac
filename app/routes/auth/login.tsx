import { type ShouldRevalidateFunctionArgs, useLoaderData, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { AuthTabs } from "~/components/auth/auth-tabs";
import { CheckingResetLink, ResetPasswordPanel } from "~/components/auth/reset-password-panel";
import { TwoFactorSignInForm } from "~/components/auth/two-factor-sign-in-form";
import { pageMeta } from "~/shared/meta";
import { REGISTRATION_OPEN } from "~/shared/site-settings";
import type { Route } from "./+types/login";
import { authScreenAction, loadAuthScreen } from "./login.server";

// Registered twice in routes.ts (ids "login" and "auth"); the generated types cover both.
export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, {
    title: "تسجيل الدخول",
    description: "الدخول إلى حسابك في موقع جمعية رفق، أو إنشاء حساب جديد، أو استعادة كلمة المرور.",
    path: location.pathname,
  }),
  { name: "robots", content: "noindex" },
];

export const loader = ({ request }: Route.LoaderArgs) => loadAuthScreen(request);

export const action = ({ request }: Route.ActionArgs) => authScreenAction(request);

/** Switching tabs only changes `?tab=`: nothing to reload from the server. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const withoutTab = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return `${url.pathname}?${params}`;
  };
  if (
    !formMethod &&
    currentUrl.href !== nextUrl.href &&
    withoutTab(currentUrl) === withoutTab(nextUrl)
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}

function isResetUrl(location: { search: string } | undefined) {
  return new URLSearchParams(location?.search).get("reset") === "true";
}

export default function AuthScreen() {
  const loaderData = useLoaderData<typeof loader>();
  const { registrationAllowed, resetLink } = loaderData;
  const navigation = useNavigation();
  // Opening a reset link inside the app: the server is checking it (spec §2.3).
  const checking =
    navigation.state === "loading" && !navigation.formMethod && isResetUrl(navigation.location);

  if (checking || resetLink) {
    return (
      <AuthCard
        title="تعيين كلمة مرور جديدة"
        subtitle={
          resetLink?.status === "valid" ? "اختر كلمة مرور جديدة لحسابك في جمعية رفق." : undefined
        }
      >
        {checking || !resetLink ? <CheckingResetLink /> : <ResetPasswordPanel link={resetLink} />}
      </AuthCard>
    );
  }
  if ("twoFactorStep" in loaderData) {
    return (
      <AuthCard
        title="التحقق بخطوتين"
        subtitle="كلمة المرور صحيحة. أدخل الآن الرمز الذي يظهر في تطبيق المصادقة على هاتفك."
      >
        <TwoFactorSignInForm />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="أهلاً بك في جمعية رفق"
      // Both, one hidden, so a reader's held page applies the switch (docs/decisions/055).
      subtitle={
        <>
          <span data-shown-by={REGISTRATION_OPEN} hidden={!registrationAllowed}>
            سجّل الدخول إلى حسابك، أو أنشئ حساباً جديداً.
          </span>
          <span data-shown-by={`!${REGISTRATION_OPEN}`} hidden={registrationAllowed}>
            سجّل الدخول إلى حسابك في موقع الجمعية.
          </span>
        </>
      }
    >
      <AuthTabs registrationAllowed={registrationAllowed} />
    </AuthCard>
  );
}
