import {
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { BlockScope, BlocksProvider } from "~/components/content-block";
import { EditModeButton, EditModeSpacer } from "~/components/edit-mode/edit-mode-button";
import { EditModeProvider } from "~/components/edit-mode/edit-mode-context";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { getBlocks } from "~/models/page-content.server";
import { getSettings } from "~/models/site-settings.server";
import type { loader as rootLoader } from "~/root";
import { SHARED_BLOCK_PATH, toPagePath } from "~/utils/content-blocks";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const blockPaths = [toPagePath(new URL(request.url).pathname), SHARED_BLOCK_PATH];
  const [blocks, settings] = await Promise.all([
    getBlocks(blockPaths),
    getSettings(["contact_info", "social_links"]),
  ]);
  return { blocks, blockPaths, contact: settings.contact_info, social: settings.social_links };
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
  const { blocks, blockPaths, contact, social } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const pagePath = toPagePath(useLocation().pathname);
  return (
    <EditModeProvider isAdmin={root?.user?.role === "admin"}>
      <BlocksProvider value={blocks} paths={blockPaths}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-3"
        >
          تخطَّ إلى المحتوى
        </a>
        <BlockScope path={SHARED_BLOCK_PATH}>
          <SiteHeader user={root?.user ?? null} />
        </BlockScope>
        <BlockScope path={pagePath}>
          <main id="main">
            <Outlet />
          </main>
        </BlockScope>
        <BlockScope path={SHARED_BLOCK_PATH}>
          <SiteFooter contact={contact} social={social} />
        </BlockScope>
        <EditModeSpacer className="bg-primary-dark" />
      </BlocksProvider>
      <EditModeButton />
    </EditModeProvider>
  );
}
