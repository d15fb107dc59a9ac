import { lazy, Suspense, useMemo } from "react";
import {
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { BlockScope, BlocksProvider } from "~/components/content-block";
import { EditModeProvider, useHydrated } from "~/components/edit-mode/edit-mode-context";
import { useEditMode } from "~/components/edit-mode/edit-mode-state";
import { ErrorScreen } from "~/components/error-screen";
import { useLiveBlocks, useLiveCardLists, useLiveSetting } from "~/components/live-updates";
import { CardListsProvider } from "~/components/site/card-list";
import { LayoutSettingsProvider } from "~/components/site/layout-settings";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { DEFAULT_CONTACT_INFO, DEFAULT_SOCIAL_LINKS } from "~/content/site-defaults";
import { getCardLists } from "~/models/content-lists.server";
import { getLayoutMenus } from "~/models/menus.server";
import { getBlocks } from "~/models/page-content.server";
import { getSettings } from "~/models/site-settings.server";
import type { loader as rootLoader } from "~/root";
import { SHARED_BLOCK_PATH, toPagePath } from "~/shared/content-blocks";
import { SITE_LAYOUT_ID, type SiteLayoutData } from "~/shared/site-layout-data";
import type { Route } from "./+types/layout";

// The admins' edit-mode button (with its tooltip library) loads only on an admin's page, once it
// has hydrated (rendered on the server, the lazy module made hydration fail).
const EditModeButton = lazy(() =>
  import("~/components/edit-mode/edit-mode-button").then((m) => ({ default: m.EditModeButton })),
);

/** Room under the page in edit mode, so the floating button never covers the last editor. */
function EditModeSpacer() {
  const { enabled } = useEditMode();
  return enabled ? <div aria-hidden className="h-28 bg-primary-dark print:hidden" /> : null;
}

export async function loader({ request }: Route.LoaderArgs): Promise<SiteLayoutData> {
  const pagePath = toPagePath(new URL(request.url).pathname);
  const blockPaths = [pagePath, SHARED_BLOCK_PATH];
  const [blocks, settings, cardLists, menus] = await Promise.all([
    getBlocks(blockPaths),
    getSettings(["contact_info", "social_links"]),
    getCardLists([pagePath]),
    getLayoutMenus(),
  ]);
  return {
    blocks,
    blockPaths,
    contact: settings.contact_info,
    social: settings.social_links,
    // Left out when nothing is stored (the page's built-in cards and the spec's menus): every
    // reader's page carries this data, and the first round trip is 14 KB.
    ...(Object.keys(cardLists).length > 0 && { cardLists }),
    ...((menus.header || menus.footer) && { menus }),
  };
}

const NO_CARD_LISTS = {};
const SPEC_MENUS = { header: null, footer: null };

/** Each page has its own texts, so the layout reloads them whenever the path changes. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

export default function SiteLayout() {
  const loaded = useLoaderData<typeof loader>();
  const { blockPaths } = loaded;
  // Texts and settings that changed since arrive in live events (docs/decisions/026).
  const blocks = useLiveBlocks(loaded.blocks, blockPaths);
  const contact = useLiveSetting("contact_info", loaded.contact);
  const social = useLiveSetting("social_links", loaded.social);
  const cardLists = useLiveCardLists(loaded.cardLists ?? NO_CARD_LISTS, blockPaths);
  return (
    <SiteFrame
      blocks={blocks}
      blockPaths={blockPaths}
      contact={contact}
      social={social}
      cardLists={cardLists}
      menus={loaded.menus ?? SPEC_MENUS}
    >
      <Outlet />
    </SiteFrame>
  );
}

/**
 * A page that failed keeps the site around it: header, menus and footer, with the texts the
 * layout loaded or, when the layout's own loader failed, the built-in ones.
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>(SITE_LAYOUT_ID);
  return (
    <SiteFrame
      blocks={data?.blocks ?? {}}
      blockPaths={data?.blockPaths ?? []}
      contact={data?.contact ?? DEFAULT_CONTACT_INFO}
      social={data?.social ?? DEFAULT_SOCIAL_LINKS}
      cardLists={data?.cardLists ?? NO_CARD_LISTS}
      menus={data?.menus ?? SPEC_MENUS}
    >
      <ErrorScreen />
    </SiteFrame>
  );
}

type LayoutData = Awaited<ReturnType<typeof loader>>;

function SiteFrame({
  blocks,
  blockPaths,
  contact,
  social,
  cardLists = NO_CARD_LISTS,
  menus = SPEC_MENUS,
  children,
}: LayoutData & { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const pagePath = toPagePath(useLocation().pathname);
  const hydrated = useHydrated();
  const settings = useMemo(() => ({ contact, social }), [contact, social]);
  return (
    <EditModeProvider isAdmin={root?.user?.role === "admin"}>
      <BlocksProvider value={blocks} paths={blockPaths}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:block focus:bg-white focus:p-3 print:hidden"
        >
          تخطَّ إلى المحتوى
        </a>
        <BlockScope path={SHARED_BLOCK_PATH}>
          <SiteHeader user={root?.user ?? null} display={root?.display} menu={menus.header} />
        </BlockScope>
        <BlockScope path={pagePath}>
          <CardListsProvider value={cardLists}>
            <LayoutSettingsProvider value={settings}>
              <main id="main">{children}</main>
            </LayoutSettingsProvider>
          </CardListsProvider>
        </BlockScope>
        <BlockScope path={SHARED_BLOCK_PATH}>
          <SiteFooter contact={contact} social={social} quickLinks={menus.footer} />
        </BlockScope>
        <EditModeSpacer />
      </BlocksProvider>
      {root?.user?.role === "admin" && hydrated && (
        <Suspense fallback={null}>
          <EditModeButton />
        </Suspense>
      )}
    </EditModeProvider>
  );
}
