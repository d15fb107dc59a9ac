import { ArrowRight, Eye, UserRound } from "lucide-react";
import { Link, type ShouldRevalidateFunctionArgs, useLoaderData } from "react-router";
import { BlockScope, BlocksProvider, Text } from "~/components/content-block";
import { ErrorScreen } from "~/components/error-screen";
import { NEWS_PATH } from "~/components/news/category-chips";
import { PostDate } from "~/components/news/post-date";
import { ArticleImage } from "~/components/site/article-parts";
import { RichContent } from "~/components/site/rich-content";
import { buttonClass } from "~/components/ui/button";
import { getBlocks } from "~/models/page-content.server";
import { getPostForPreview, getPublishedPost, type PublicPostPage } from "~/models/posts.server";
import { publicBaseUrl } from "~/services/news-feed.server";
import { getActorPastStaffGate } from "~/services/permissions.server";
import { cn } from "~/shared/cn";
import { NotFoundError, PAGE_MISSING } from "~/shared/domain-errors";
import type { LiveHandle } from "~/shared/live-event";
import { pageMeta, SITE_NAME } from "~/shared/meta";
import { authorOf, categoryOf, excerptOf, LIST_EXCERPT_LENGTH } from "~/shared/news";
import { postPath } from "~/shared/paths";
import { canManageContent } from "~/shared/roles";
import { isValidPreviewToken } from "~/utils/preview-token.server";
import { renderablePostContent } from "~/utils/rich-text.server";
import type { Route } from "./+types/news-post";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "الخبر غير موجود | جمعية رفق" }];
  const { post, description, shareImage, isPreview } = loaderData;
  const tags = pageMeta(matches, {
    title: post.title,
    description,
    path: postPath(post.slug),
    image: shareImage,
  }).map((tag) => {
    if ("property" in tag && tag.property === "og:type") return { ...tag, content: "article" };
    // A post first published elsewhere names that address as the original.
    if (post.canonicalUrl && "rel" in tag && tag.rel === "canonical") {
      return { ...tag, href: post.canonicalUrl };
    }
    return tag;
  });
  const og = (name: string) =>
    tags.find((tag) => "property" in tag && tag.property === name) as
      | { content?: string }
      | undefined;
  tags.push(
    { name: "twitter:card", content: shareImage ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: og("og:title")?.content ?? post.title },
    { name: "twitter:description", content: description },
  );
  if (og("og:image")?.content)
    tags.push({ name: "twitter:image", content: og("og:image")?.content });
  if (post.publishedAt) {
    tags.push({
      property: "article:published_time",
      content: new Date(post.publishedAt).toISOString(),
    });
  }
  if (isPreview) tags.push({ name: "robots", content: "noindex, nofollow" });
  return tags;
};

/** Live updates: this page re-reads when one of these lists changes. */
export const handle: LiveHandle = { liveLists: ["posts"] };

/**
 * A staff member's preview of a draft or scheduled post: a signed, unexpired link for this
 * post, opened by an editor or admin (docs/decisions/031). Anyone else gets the public answer.
 */
async function previewedPost(request: Request, slug: string) {
  const token = new URL(request.url).searchParams.get("preview");
  if (!token || !canManageContent(await getActorPastStaffGate(request))) return null;
  const post = await getPostForPreview(slug);
  return post && isValidPreviewToken(post.id, token) ? post : null;
}

/** schema.org NewsArticle for search engines (absolute addresses, ISO dates). */
function newsArticleJsonLd(
  post: PublicPostPage,
  base: string,
  description: string,
  image: string | null,
) {
  const url = `${base}${postPath(post.slug)}`;
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: post.title,
    description,
    inLanguage: "ar",
    mainEntityOfPage: post.canonicalUrl ?? url,
    url,
    ...(image ? { image: [image.startsWith("http") ? image : `${base}${image}`] } : {}),
    ...(post.publishedAt ? { datePublished: post.publishedAt.toISOString() } : {}),
    dateModified: post.updatedAt.toISOString(),
    author: { "@type": "Person", name: authorOf(post) },
    publisher: { "@type": "Organization", name: SITE_NAME, url: base },
    articleSection: categoryOf(post),
  };
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const preview = await previewedPost(request, params.slug);
  const post = preview ?? (await getPublishedPost(params.slug));
  if (!post) throw new NotFoundError(PAGE_MISSING);
  // Views are counted in server/post-views.ts, before the page cache can answer.
  // The post page's own texts are shared by every post, so they live under the news page.
  const [blocks, base] = await Promise.all([getBlocks([NEWS_PATH]), publicBaseUrl()]);
  const { html, content, ...fields } = post;
  const description = post.metaDescription?.trim() || excerptOf(post, LIST_EXCERPT_LENGTH);
  const shareImage = post.shareImage || post.featuredImage;
  return {
    post: fields,
    parts: renderablePostContent(html),
    description,
    shareImage,
    // "<" is escaped so the JSON can never close its <script> element.
    jsonLd: JSON.stringify(newsArticleJsonLd(post, base, description, shareImage)).replace(
      /</g,
      "\\u003c",
    ),
    isPreview: Boolean(preview),
    blocks,
  };
}

/**
 * Counting a view updates the post, and every change is pushed to open pages, which re-run
 * their loaders: re-running this one on such a push would count another view, and so on.
 * So the post reloads on navigation and after form submissions, not on live pushes.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export default function NewsPostPage() {
  const { post, parts, blocks, jsonLd, isPreview } = useLoaderData<typeof loader>();
  return (
    <BlocksProvider value={blocks} paths={[NEWS_PATH]}>
      <BlockScope path={NEWS_PATH}>
        {isPreview && (
          <p
            role="status"
            className="flex items-center justify-center gap-2 bg-accent px-4 py-3 text-center font-bold text-white"
          >
            <Eye aria-hidden className="size-5" />
            معاينة: هذه الصفحة لا يراها الزوار حتى يُنشر المقال.
          </p>
        )}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
        <article className="mx-auto max-w-3xl px-4 py-10" data-block-path={NEWS_PATH}>
          <Link to={NEWS_PATH} className={cn(buttonClass("ghost", "default"), "print:hidden")}>
            <ArrowRight aria-hidden className="size-5" />
            <Text k="post-back-link">العودة إلى الأخبار</Text>
          </Link>
          <header className="mt-6 space-y-4">
            <span className="inline-block rounded-full bg-primary-light px-4 py-1 font-medium text-primary-dark">
              {categoryOf(post)}
            </span>
            <h1 className="text-3xl text-primary-dark md:text-4xl">{post.title}</h1>
            <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-muted">
              <PostDate date={post.publishedAt} withHijri />
              <span className="inline-flex items-center gap-1.5">
                <UserRound aria-hidden className="size-4" />
                <Text k="post-author-label">بقلم:</Text> {authorOf(post)}
              </span>
            </div>
          </header>
          {post.featuredImage && <ArticleImage src={post.featuredImage} />}
          {post.excerpt && (
            <p className="mt-8 border-s-4 border-accent ps-4 text-xl leading-loose text-ink">
              {post.excerpt}
            </p>
          )}
          <RichContent parts={parts} title={post.title} className="mt-8" testId="post-content" />
          <footer className="mt-12 border-t border-line pt-6 print:hidden">
            <Link to={NEWS_PATH} className={buttonClass("outline", "lg")}>
              <ArrowRight aria-hidden className="size-5" />
              <Text k="post-more-news">تصفّح المزيد من الأخبار</Text>
            </Link>
          </footer>
        </article>
      </BlockScope>
    </BlocksProvider>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
