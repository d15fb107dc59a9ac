import { ChevronLeft, ChevronRight, FileDown } from "lucide-react";
import { Link } from "react-router";
import { Text } from "~/components/content-block";
import { PageLinks } from "~/components/page-links";
import { formatDate, isoDate } from "~/shared/dates";
import {
  byYear,
  categoryListHref,
  DOCUMENT_CATEGORY_LABELS,
  DOCUMENTS_ANCHOR,
  type DocumentCategory,
  documentHref,
  documentYearLabel,
  formatFileSize,
  type GovernanceDocuments,
  type PublicDocument,
} from "~/shared/documents";

const moreLinkClass =
  "inline-flex min-h-11 items-center gap-1 rounded-full border-2 border-line bg-white px-5 py-1.5 font-medium text-ink transition hover:border-primary hover:text-primary-dark";

/**
 * One document as a download link: its title, then the file's facts. A plain link to the file
 * (the server names the download), so it works without JavaScript.
 */
export function DocumentItem({ document }: { document: PublicDocument }) {
  const size = formatFileSize(document.sizeBytes);
  return (
    <li className="flex items-start gap-3 rounded-2xl border border-line bg-white p-4 shadow-sm">
      <FileDown aria-hidden className="mt-1 size-6 shrink-0 text-primary" />
      <div className="min-w-0 space-y-1">
        <a
          href={documentHref(document)}
          download
          className="text-lg font-bold text-primary-dark underline-offset-4 hover:underline"
        >
          {document.title}
          <span className="sr-only"> (ملف PDF، {size})</span>
        </a>
        <p className="text-sm text-muted">
          <span aria-hidden>PDF · {size} · </span>
          <span>
            رُفع في{" "}
            <time dateTime={isoDate(document.createdAt)}>{formatDate(document.createdAt)}</time>
          </span>
        </p>
      </div>
    </li>
  );
}

/** Documents grouped by year (newest first), a heading of the Gregorian and Hijri years each. */
function YearRuns({ documents, level }: { documents: PublicDocument[]; level: "h4" | "h3" }) {
  const Heading = level;
  return (
    <div className="space-y-5">
      {byYear(documents).map(({ year, rows }) => (
        <div key={year} className="space-y-3">
          <Heading className="font-bold text-ink">{documentYearLabel(year)}</Heading>
          <ul className="grid gap-3 md:grid-cols-2">
            {rows.map((document) => (
              <DocumentItem key={document.id} document={document} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function CategoryGroup({
  category,
  documents,
  hasMore,
}: {
  category: DocumentCategory;
  documents: PublicDocument[];
  hasMore: boolean;
}) {
  const label = DOCUMENT_CATEGORY_LABELS[category];
  return (
    <section aria-labelledby={`documents-${category}`} className="space-y-4">
      <h3 id={`documents-${category}`} className="text-xl text-primary-dark">
        {label}
      </h3>
      <YearRuns documents={documents} level="h4" />
      {hasMore && (
        <Link to={categoryListHref(category)} className={moreLinkClass}>
          عرض الكل<span className="sr-only"> في «{label}»</span>
          <ChevronLeft aria-hidden className="size-5" />
        </Link>
      )}
    </section>
  );
}

/**
 * The published documents of /governance's «التقارير والشفافية» (docs/decisions/048): the newest
 * of each category with a link to all of a category, or one category a page at a time. Nothing
 * at all while none is published, so a new site shows the page as the spec wrote it.
 */
export function DocumentsList({ library }: { library: GovernanceDocuments }) {
  if (library.view === "groups" && library.groups.length === 0) return null;
  return (
    <div id={DOCUMENTS_ANCHOR} className="mt-10 scroll-mt-24 space-y-8">
      <Text k="reports-documents-intro" as="p" className="max-w-3xl text-lg">
        حمّل تقاريرنا وقوائمنا المالية وسياساتنا المعتمدة بصيغة PDF.
      </Text>
      {library.view === "groups" ? (
        library.groups.map((group) => <CategoryGroup key={group.category} {...group} />)
      ) : (
        <CategoryPage library={library} />
      )}
    </div>
  );
}

function CategoryPage({
  library,
}: {
  library: Extract<GovernanceDocuments, { view: "category" }>;
}) {
  const label = DOCUMENT_CATEGORY_LABELS[library.category];
  return (
    <section aria-labelledby="documents-category" className="space-y-4">
      <h3 id="documents-category" className="text-xl text-primary-dark">
        {label}
      </h3>
      {library.documents.length ? (
        <YearRuns documents={library.documents} level="h4" />
      ) : (
        <p className="text-muted">لا توجد وثائق منشورة هنا.</p>
      )}
      <PageLinks
        page={library.page}
        hasMore={library.hasMore}
        hash={`#${DOCUMENTS_ANCHOR}`}
        label={`صفحات ${label}`}
        newer="الأحدث"
        older="الأقدم"
      />
      <Link to={`/governance#${DOCUMENTS_ANCHOR}`} className={moreLinkClass}>
        <ChevronRight aria-hidden className="size-5" />
        كل الوثائق
      </Link>
    </section>
  );
}
