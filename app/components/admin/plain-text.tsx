/**
 * Multi-paragraph plain text as paragraphs: blank lines separate paragraphs, single line
 * breaks stay line breaks. React escapes the text, so no HTML from an article is ever run.
 */
export function PlainTextParagraphs({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className={className}>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
