import {
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { BlockScope, BlocksProvider } from "~/components/content-block";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { getBlocks } from "~/models/page-content.server";
import { getSettings } from "~/models/site-settings.server";
import type { loader as rootLoader } from "~/root";
import { SHARED_BLOCK_PATH } from "~/utils/content-blocks";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const [blocks, settings] = await Promise.all([
    getBlocks([pathname, SHARED_BLOCK_PATH]),
    getSettings(["contact_info", "social_links"]),
  ]);
  return { blocks, contact: settings.contact_info, social: settings.social_links };
}

/** Each page has its own texts, so the layout reloads them whenever the path changes. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

export default function SiteLayout() {
  const { blocks, contact, social } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  return (
    <BlocksProvider value={blocks}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-3"
      >
        تخطَّ إلى المحتوى
      </a>
      <BlockScope path={SHARED_BLOCK_PATH}>
        <SiteHeader user={root?.user ?? null} />
      </BlockScope>
      <BlockScope path={pathname}>
        <main id="main">
          <Outlet />
        </main>
      </BlockScope>
      <BlockScope path={SHARED_BLOCK_PATH}>
        <SiteFooter contact={contact} social={social} />
      </BlockScope>
    </BlocksProvider>
  );
}
