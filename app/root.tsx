import { useEffect, useState } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { useFocusOnNavigation } from "~/components/focus-on-navigation";
import { useLiveUpdates } from "~/components/live-updates";
import { useNonce } from "~/components/nonce";
import { useSiteLinkNavigation } from "~/components/site-link";
import { ToastNotice } from "~/components/toast-notice";
import { SiteToaster } from "~/components/toaster";
import { getSiteUrlSetting } from "~/models/site-settings.server";
import { getActor } from "~/services/permissions.server";
import { displayAttributes, readDisplayPreferences } from "~/shared/display-preferences";
import { RESTORE_RENDERED } from "~/shared/live-event";
import { defersStylesheet, laterStylesheetHref } from "~/shared/stylesheet";
import { getEnv } from "~/utils/env.server";
import { takeToast } from "~/utils/toast.server";
import type { Route } from "./+types/root";
import appCssHref from "./app.css?url";
import boldArabicFont from "./fonts/plex-arabic-700.woff2?url";

export async function loader({ request }: Route.LoaderArgs) {
  const [actor, { toast, headers }, siteUrl] = await Promise.all([
    getActor(request),
    takeToast(request),
    getSiteUrlSetting(),
  ]);
  // Only the role: every viewer's public page is then the same page, kept once for all of them by
  // the page cache (docs/decisions/096). No screen shows the name or e-mail from here.
  const user = actor ? { role: actor.role } : null;
  const display = readDisplayPreferences(request.headers.get("cookie"));
  return data({ user, toast, siteUrl: siteUrl ?? getEnv().SITE_URL ?? null, display }, { headers });
}

// A reader's held page that applied live changes puts back what the server rendered there, so
// the app hydrates over its own render, then applies them (app/reading-boot, docs/decisions/055).
// This runs once the app's modules have loaded, before it hydrates: the reader's press that
// brought the app has landed on what the reader saw.
if (typeof window !== "undefined") {
  (window as { [RESTORE_RENDERED]?: () => void })[RESTORE_RENDERED]?.();
}

/** The font every page's first screen uses: its headings' (docs/decisions/025, 079). */
const PRELOADED_FONTS = [boldArabicFont];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const display = root?.display;
  // Decided once for the document (its server HTML and hydration agree), kept across navigation.
  const [deferred] = useState(() => defersStylesheet(root?.user ?? null));
  const stylesheet = <link rel="stylesheet" href={appCssHref} />;
  // Only the rules the inline critical CSS may lack: nothing of the first paint is redone.
  const laterStylesheet = <link rel="stylesheet" href={laterStylesheetHref(appCssHref)} />;
  return (
    <html lang="ar" dir="rtl" {...(display && displayAttributes(display))}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f6b5c" />
        <link rel="icon" href="/brand/association.svg" type="image/svg+xml" />
        {PRELOADED_FONTS.map((href) => (
          <link
            key={href}
            rel="preload"
            href={href}
            as="font"
            type="font/woff2"
            crossOrigin="anonymous"
          />
        ))}
        <Meta />
        <Links />
        {!deferred && stylesheet}
      </head>
      <body>
        {children}
        {deferred && laterStylesheet}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast, user } = useLoaderData<typeof loader>();
  const caughtUp = useLiveUpdates();
  useFocusOnNavigation();
  useSiteLinkNavigation();
  // A reader's page that hydrated late replays the click that asked for it (decision 033), once
  // it has applied what its held page heard.
  useEffect(() => {
    if (caughtUp) window.dispatchEvent(new Event("rifq:hydrated"));
  }, [caughtUp]);
  return (
    <>
      <ToastNotice toast={toast} />
      <Outlet />
      <SiteToaster toast={toast} signedIn={Boolean(user)} />
    </>
  );
}

/** Outside every layout (a failure of the root itself): the error screen is the whole page. */
export function ErrorBoundary() {
  return (
    <main id="main">
      <ErrorScreen />
    </main>
  );
}
