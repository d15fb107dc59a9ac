import { redirect, useLoaderData } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { PageBlocks } from "~/components/pages/page-blocks-view";
import { getFormBySlug } from "~/models/built-forms.server";
import { listPublishedDocuments } from "~/models/documents.server";
import { whyClosed } from "~/models/form-answers.server";
import { findPageRedirect, getPublishedPage } from "~/models/pages.server";
import { NotFoundError, PAGE_MISSING } from "~/shared/domain-errors";
import type { LiveHandle } from "~/shared/live-event";
import { pageMeta } from "~/shared/meta";
import { PAGE_DOCUMENTS_SHOWN, pagePublicPath, type RenderedBlock } from "~/shared/page-blocks";
import { htmlToPlainText, renderablePostContent } from "~/utils/rich-text.server";
import type { Route } from "./+types/page";

const DESCRIPTION_LENGTH = 155;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "الصفحة غير موجودة | جمعية رفق" }];
  const { page, description } = loaderData;
  return pageMeta(matches, {
    title: page.metaTitle || page.title,
    description,
    path: pagePublicPath(page.slug),
    image: page.shareImage,
  });
};

/**
 * The page re-reads when a published page changes (the public hears no other), or a published
 * document (a documents block lists them).
 */
export const handle: LiveHandle = { liveLists: ["pages", "documents"] };

/**
 * A page built from blocks (docs/decisions/049): published and due pages only; a former
 * address answers 301 to the page's address now; anything else is the 404 page.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const page = await getPublishedPage(params.slug);
  if (!page) {
    const moved = await findPageRedirect(params.slug);
    if (moved) throw redirect(moved, 301);
    throw new NotFoundError(PAGE_MISSING);
  }
  const { blocks: stored, ...fields } = page;
  // Rich texts are sanitized again on the way out: one allowlist for save and render.
  const blocks: RenderedBlock[] = await Promise.all(
    stored.map(async (block): Promise<RenderedBlock> => {
      if (block.type === "text") return { type: "text", parts: renderablePostContent(block.html) };
      if (block.type === "documents") {
        const category = block.category === "all" ? undefined : block.category;
        const documents = await listPublishedDocuments({ category, limit: PAGE_DOCUMENTS_SHOWN });
        return { ...block, documents };
      }
      if (block.type === "form") {
        const form = await getFormBySlug(block.slug, null);
        return {
          ...block,
          form: form && {
            slug: form.slug,
            title: form.title,
            intro: form.intro,
            fields: form.fields,
            purpose: form.purpose,
            retentionMonths: form.retentionMonths,
            closed: whyClosed(form),
          },
        };
      }
      return block;
    }),
  );
  const firstText = stored.find((block) => block.type === "text");
  const description =
    page.metaDescription?.trim() ||
    (firstText ? htmlToPlainText(firstText.html).slice(0, DESCRIPTION_LENGTH) : page.title);
  return { page: fields, blocks, description };
}

export default function BlockPage() {
  const { page, blocks } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-10 text-center">
        <h1 className="text-3xl text-primary-dark md:text-4xl">{page.title}</h1>
      </header>
      <PageBlocks blocks={blocks} title={page.title} />
    </article>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
