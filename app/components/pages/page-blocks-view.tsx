import { VideoPlayer } from "~/components/admin/video-player";
import { BuiltFormView } from "~/components/forms/built-form-view";
import { StoredImage } from "~/components/page";
import { DocumentItem } from "~/components/site/documents-list";
import { RichContent } from "~/components/site/rich-content";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button-class";
import type { RenderedBlock } from "~/shared/page-blocks";
import { PageCardList } from "./page-card-list";

/**
 * A page's blocks in order, server-rendered (they need no JavaScript). One renderer a kind of
 * block: a new kind is one more entry of `RENDERERS` (docs/decisions/049).
 */
export function PageBlocks({ blocks, title }: { blocks: readonly RenderedBlock[]; title: string }) {
  return (
    <div className="space-y-10">
      {blocks.map((block, index) => (
        <div key={index} data-block={block.type}>
          <BlockView block={block} title={title} />
        </div>
      ))}
    </div>
  );
}

type Renderers = {
  [T in RenderedBlock["type"]]: (props: {
    block: Extract<RenderedBlock, { type: T }>;
    title: string;
  }) => React.ReactNode;
};

const RENDERERS: Renderers = {
  text: ({ block, title }) => (
    <RichContent parts={block.parts} title={title} className="mx-auto max-w-3xl" />
  ),
  image: ({ block }) => (
    <figure className="mx-auto max-w-4xl">
      <StoredImage
        src={block.src}
        sizes="(min-width: 56rem) 56rem, 100vw"
        alt={block.alt}
        className="w-full rounded-2xl bg-surface object-cover"
      />
      {block.caption && (
        <figcaption className="mt-3 text-center text-muted">{block.caption}</figcaption>
      )}
    </figure>
  ),
  cards: ({ block }) => (
    <section className="space-y-5">
      {block.heading && <h2 className="text-2xl text-primary-dark md:text-3xl">{block.heading}</h2>}
      <PageCardList items={block.items} level={block.heading ? 3 : 2} />
    </section>
  ),
  cta: ({ block }) => (
    <p className="text-center">
      {block.href.startsWith("/") ? (
        <SiteLink to={block.href} className={buttonClass("default", "lg")}>
          {block.label}
        </SiteLink>
      ) : (
        <a href={block.href} rel="noopener" className={buttonClass("default", "lg")}>
          {block.label}
        </a>
      )}
    </p>
  ),
  video: ({ block, title }) => (
    <div className="mx-auto max-w-3xl overflow-hidden rounded-2xl">
      <VideoPlayer youtubeId={block.youtubeId} title={block.title || title} />
    </div>
  ),
  documents: ({ block }) => (
    <section className="mx-auto max-w-5xl space-y-4">
      {block.heading && <h2 className="text-2xl text-primary-dark">{block.heading}</h2>}
      {block.documents.length > 0 ? (
        <ul className="grid gap-3 md:grid-cols-2">
          {block.documents.map((document) => (
            <DocumentItem key={document.id} document={document} />
          ))}
        </ul>
      ) : (
        <p className="text-muted">لا توجد وثائق منشورة بعد.</p>
      )}
    </section>
  ),
  form: (props) => formRenderer(props),
};

const formRenderer: Renderers["form"] = ({ block }) => (
  <section className="mx-auto max-w-3xl space-y-4 rounded-3xl bg-accent-light px-4 py-8 sm:px-6">
    {block.form ? (
      <>
        <h2 className="text-2xl text-primary-dark">{block.form.title}</h2>
        {block.form.closed ? (
          <p className="text-lg">{block.form.closed}</p>
        ) : (
          <>
            {block.form.intro && <p className="whitespace-pre-line">{block.form.intro}</p>}
            <BuiltFormView form={block.form} />
          </>
        )}
      </>
    ) : (
      <p className="text-muted">هذا النموذج غير متاح الآن.</p>
    )}
  </section>
);

function BlockView({ block, title }: { block: RenderedBlock; title: string }) {
  const Render = RENDERERS[block.type] as (props: {
    block: RenderedBlock;
    title: string;
  }) => React.ReactNode;
  return Render({ block, title });
}
