import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "react-router";
import { toast as showToast, Toaster } from "sonner";
import { ErrorScreen } from "~/components/error-screen";
import { getSiteUrlSetting } from "~/models/site-settings.server";
import { getEnv } from "~/utils/env.server";
import { useLiveUpdates } from "~/utils/live-updates";
import { useNonce } from "~/utils/nonce";
import { getActor } from "~/utils/permissions.server";
import { takeToast } from "~/utils/toast.server";
import type { Route } from "./+types/root";
import "./app.css";

export async function loader({ request }: Route.LoaderArgs) {
  const [actor, { toast, headers }, siteUrl] = await Promise.all([
    getActor(request),
    takeToast(request),
    getSiteUrlSetting(),
  ]);
  const user = actor ? { fullName: actor.fullName, email: actor.email, role: actor.role } : null;
  return data({ user, toast, siteUrl: siteUrl ?? getEnv().SITE_URL ?? null }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="ar" dir="rtl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f6b5c" />
        <link rel="icon" href="/brand/association.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster position="top-right" visibleToasts={1} dir="rtl" richColors closeButton />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  useLiveUpdates();
  useEffect(() => {
    if (!toast) return;
    const show =
      toast.type === "error"
        ? showToast.error
        : toast.type === "info"
          ? showToast.info
          : showToast.success;
    show(toast.title, { id: toast.id, description: toast.description });
  }, [toast]);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
