import { ArrowRight, UserRound } from "lucide-react";
import { data, Link, type ShouldRevalidateFunctionArgs, useLoaderData } from "react-router";
import { BlockScope, BlocksProvider, Text } from "~/components/content-block";
import { ErrorScreen } from "~/components/error-screen";
import { NEWS_PATH } from "~/components/news/category-chips";
import { postPath } from "~/components/news/news-card";
import { PostDate } from "~/components/news/post-date";
import { buttonClass } from "~/components/ui/button";
import { getBlocks } from "~/models/page-content.server";
import { getPublishedPost } from "~/models/posts.server";
import { pageMeta } from "~/utils/meta";
import { authorOf, categoryOf, excerptOf, LIST_EXCERPT_LENGTH, paragraphsOf } from "~/utils/news";
import type { Route } from "./+types/news-post";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "الخبر غير موجود | جمعية رفق" }];
  const { post, description } = loaderData;
  const tags = pageMeta(matches, {
    title: post.title,
    description,
    path: postPath(post.slug),
    image: post.featuredImage,
  });
  return tags.map((tag) =>
    "property" in tag && tag.property === "og:type" ? { ...tag, content: "article" } : tag,
  );
};

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getPublishedPost(params.slug);
  if (!post) throw data(null, { status: 404 });
  // Views are counted in server/post-views.ts, before the page cache can answer.
  // The post page's own texts are shared by every post, so they live under the news page.
  const blocks = await getBlocks([NEWS_PATH]);
  const { content, ...fields } = post;
  return {
    post: fields,
    paragraphs: paragraphsOf(content),
    description: excerptOf(post, LIST_EXCERPT_LENGTH),
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
  const { post, paragraphs, blocks } = useLoaderData<typeof loader>();
  return (
    <BlocksProvider value={blocks} paths={[NEWS_PATH]}>
      <BlockScope path={NEWS_PATH}>
        <article className="mx-auto max-w-3xl px-4 py-10">
          <Link to={NEWS_PATH} className={buttonClass("ghost", "default")}>
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
          {post.featuredImage && (
            <img
              src={post.featuredImage}
              alt=""
              className="mt-8 aspect-video w-full rounded-2xl bg-surface object-cover"
            />
          )}
          {post.excerpt && (
            <p className="mt-8 border-s-4 border-accent ps-4 text-xl leading-loose text-ink">
              {post.excerpt}
            </p>
          )}
          {/* Plain text, one paragraph a line: post content is never rendered as HTML. */}
          <div className="mt-8 space-y-5 text-lg leading-loose" data-testid="post-content">
            {paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <footer className="mt-12 border-t border-line pt-6">
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
