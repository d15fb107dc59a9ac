/**
 * The article's text as the preview may show it: HTML the server sanitized (the stored post, a
 * draft) or the editor made (its schema is the allowlist), or text typed into the fallback
 * textarea, which is shown as text, never as markup.
 */
export type PreviewContent = { html: string } | { text: string };

function PreviewBody({ content }: { content: PreviewContent }) {
  if ("html" in content) {
    return content.html ? (
      <div className="article-body" dangerouslySetInnerHTML={{ __html: content.html }} />
    ) : (
      <EmptyBody />
    );
  }
  const paragraphs = content.text.split(/\n\s*\n|\n/).filter((line) => line.trim());
  if (paragraphs.length === 0) return <EmptyBody />;
  return (
    <div className="article-body">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

const EmptyBody = () => <p className="text-muted">سيظهر نص المقال هنا.</p>;

/** The post as the news page will show it, beside the form. */
export function PostPreview({
  title,
  excerpt,
  content,
  imageUrl,
}: {
  title?: string;
  excerpt?: string;
  content: PreviewContent;
  imageUrl: string | null;
}) {
  return (
    <article dir="rtl" className="mx-auto max-w-3xl space-y-5">
      {imageUrl && (
        <img src={imageUrl} alt="" className="max-h-96 w-full rounded-2xl object-cover" />
      )}
      <h2 className="text-3xl leading-snug text-primary-dark">{title || "عنوان المقال"}</h2>
      {excerpt && <p className="text-lg text-muted">{excerpt}</p>}
      <PreviewBody content={content} />
    </article>
  );
}
