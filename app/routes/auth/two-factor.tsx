import { useLoaderData, useRouteLoaderData } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import {
  RecoveryCodes,
  TwoFactorOff,
  TwoFactorOn,
  TwoFactorPending,
} from "~/components/auth/two-factor-setup";
import { ErrorScreen } from "~/components/error-screen";
import type { Route } from "./+types/two-factor";
import { loadTwoFactorPage, twoFactorPageAction } from "./two-factor.server";

export const meta: Route.MetaFunction = () => [
  { title: "التحقق بخطوتين | جمعية رفق" },
  { name: "robots", content: "noindex" },
];

/** Staff turn two-factor sign-in on and off here (docs/decisions/019). */
export const loader = ({ request }: Route.LoaderArgs) => loadTwoFactorPage(request);
export const action = ({ request }: Route.ActionArgs) => twoFactorPageAction(request);

export default function TwoFactorPage() {
  const { state, required, home, recoveryCodes } = useLoaderData<typeof loader>();
  return (
    <AuthCard
      title="التحقق بخطوتين"
      subtitle="حماية إضافية لحسابك: رمز من هاتفك مع كلمة المرور."
      back={{ to: home, label: "العودة إلى لوحة التحكم" }}
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} next={home} />
      ) : state.status === "on" ? (
        <TwoFactorOn required={required} />
      ) : state.status === "pending" ? (
        <TwoFactorPending setup={state.setup} />
      ) : (
        <TwoFactorOff required={required} />
      )}
    </AuthCard>
  );
}

/** A failure keeps the screen's card, with the way back to where the person came from. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/auth/two-factor");
  return (
    <AuthCard back={data ? { to: data.home, label: "العودة إلى لوحة التحكم" } : undefined}>
      <ErrorScreen />
    </AuthCard>
  );
}
