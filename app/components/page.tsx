import { ArrowLeft, CircleCheck, type LucideIcon } from "lucide-react";
import type { ElementType } from "react";
import { Text } from "~/components/content-block";
import { SiteLink } from "~/components/site-link";
import { cn } from "~/shared/cn";
import { imageSrcSet } from "~/shared/image-rules";

// The building blocks of the public pages. Every text they show is an editable content
// block whose key is derived from the `k` the page gives them, so keys stay unique per page.

/**
 * The title band at the top of every public page; both texts are editable blocks
 * (`k`-title and `k`-subtitle, by default page-title and page-subtitle).
 */
export function PageHero({
  title,
  subtitle,
  k = "page",
}: {
  title: string;
  subtitle?: string;
  k?: string;
}) {
  return (
    <section className="bg-gradient-to-b from-primary-light to-white px-4 py-14 text-center">
      <Text k={`${k}-title`} as="h1" className="text-3xl text-primary-dark md:text-4xl">
        {title}
      </Text>
      {subtitle && (
        <Text k={`${k}-subtitle`} as="p" className="mx-auto mt-4 max-w-3xl text-lg text-muted">
          {subtitle}
        </Text>
      )}
    </section>
  );
}

/**
 * A page section with an editable heading (`k`-title) and optional intro (`k`-intro).
 * `tinted` paints a full-width soft band behind it to set sections apart.
 */
export function Section({
  k,
  title,
  intro,
  className,
  tinted = false,
  children,
}: {
  k: string;
  title: string;
  intro?: string;
  className?: string;
  tinted?: boolean;
  children?: React.ReactNode;
}) {
  const section = (
    <section
      className={cn("mx-auto max-w-7xl px-4 py-10", className)}
      aria-labelledby={`${k}-heading`}
    >
      <Text
        k={`${k}-title`}
        as="h2"
        id={`${k}-heading`}
        className="mb-2 text-2xl text-primary-dark md:text-3xl"
      >
        {title}
      </Text>
      {intro && (
        <Text k={`${k}-intro`} as="p" className="mb-6 max-w-3xl text-muted">
          {intro}
        </Text>
      )}
      {children}
    </section>
  );
  return tinted ? <div className="bg-surface">{section}</div> : section;
}

/**
 * A card with an icon, an editable title and an editable description. With `to` the whole
 * card is a link; `more` adds a visible "read more" cue (`k`-more) to such a card.
 */
export function InfoCard({
  k,
  title,
  description,
  icon: Icon,
  to,
  more,
  badge,
  image,
  children,
  className,
}: {
  k: string;
  title: string;
  description?: string;
  icon?: LucideIcon;
  /** A photo at the top of the card (an uploaded image, with its smaller copies). */
  image?: { url: string; alt: string };
  to?: string;
  more?: string;
  /** A short editable label above the title (`k`-badge), e.g. the years of a phase. */
  badge?: string;
  children?: React.ReactNode;
  className?: string;
}) {
  const body = (
    <>
      {image && (
        <StoredImage
          src={image.url}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          alt={image.alt}
          className="mb-4 aspect-video w-full rounded-xl bg-surface object-cover"
        />
      )}
      {Icon && <CardIconBox icon={Icon} />}
      {badge && (
        <Text
          k={`${k}-badge`}
          as="p"
          className="mb-2 inline-block rounded-full bg-accent-light px-3 py-0.5 text-sm font-medium text-ink"
        >
          {badge}
        </Text>
      )}
      <Text k={`${k}-title`} as="h3" className="mb-2 text-xl">
        {title}
      </Text>
      {description && (
        <Text k={`${k}-description`} as="p" className="text-muted">
          {description}
        </Text>
      )}
      {children}
      {to && more && (
        <CardMore>
          <Text k={`${k}-more`}>{more}</Text>
        </CardMore>
      )}
    </>
  );
  return (
    <CardFrame to={to} className={className}>
      {body}
    </CardFrame>
  );
}

/** A card's icon in its tinted square. */
export function CardIconBox({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="mb-3 flex size-12 items-center justify-center rounded-xl bg-primary-light text-primary">
      <Icon aria-hidden className="size-6" />
    </span>
  );
}

/** A linked card's last line: its "read more" words and an arrow that moves on hover. */
export function CardMore({ children }: { children: React.ReactNode }) {
  return (
    <span className="mt-auto flex items-center gap-1 pt-4 font-medium text-primary">
      {children}
      <ArrowLeft aria-hidden className="size-5 transition motion-safe:group-hover:-translate-x-1" />
    </span>
  );
}

/**
 * A card's box: an article, or with `to` the whole card as one link (a page of the site, or an
 * https:// address opened as an ordinary link).
 */
export function CardFrame({
  to,
  className,
  children,
}: {
  to?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const classes = cn(
    "flex flex-col items-start rounded-2xl border border-line bg-white p-6 shadow-sm",
    to &&
      "group transition motion-safe:hover:-translate-y-0.5 hover:border-primary hover:shadow-md focus-visible:border-primary",
    className,
  );
  if (!to) return <article className={classes}>{children}</article>;
  return to.startsWith("/") ? (
    <SiteLink to={to} className={classes}>
      {children}
    </SiteLink>
  ) : (
    <a href={to} className={classes} rel="noopener">
      {children}
    </a>
  );
}

const GRID_COLUMNS = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

/** A responsive grid of cards: one column on a phone, up to `columns` on a wide screen. */
export function CardGrid({
  className,
  columns = 3,
  children,
}: {
  className?: string;
  columns?: keyof typeof GRID_COLUMNS;
  children: React.ReactNode;
}) {
  return <div className={cn("grid gap-5", GRID_COLUMNS[columns], className)}>{children}</div>;
}

/**
 * A checked list of short editable points; item keys are `k`-1, `k`-2, … `stack` sits inside
 * a card, `tiles` spreads the points over a grid of small tiles of their own.
 */
export function FeatureList({
  k,
  items,
  layout = "stack",
}: {
  k: string;
  items: readonly string[];
  layout?: "stack" | "tiles";
}) {
  const tiles = layout === "tiles";
  return (
    <ul className={tiles ? "grid gap-3 sm:grid-cols-2 lg:grid-cols-3" : "mt-4 space-y-2"}>
      {items.map((item, index) => (
        <li
          key={item}
          className={cn(
            "flex items-start gap-2",
            tiles && "rounded-xl border border-line bg-white p-4 text-lg shadow-sm",
          )}
        >
          <CircleCheck aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
          <Text k={`${k}-${index + 1}`}>{item}</Text>
        </li>
      ))}
    </ul>
  );
}

export interface StatItem {
  key: string;
  value: string;
  label: string;
  icon?: LucideIcon;
}

/**
 * Figures with their labels as a description list: the label is read first, the figure is
 * shown large above it. Keys: `k`-`item.key`-value and -label.
 */
export function StatGrid({
  k,
  items,
  size = "lg",
  className,
}: {
  k: string;
  items: readonly StatItem[];
  /** `lg` for stand-alone figures, `sm` for figures inside a card. */
  size?: "lg" | "sm";
  className?: string;
}) {
  const large = size === "lg";
  return (
    <dl
      className={cn(
        "grid gap-3",
        large ? "grid-cols-1 sm:grid-cols-3" : "mt-4 w-full grid-cols-2",
        className,
      )}
    >
      {items.map(({ key, value, label, icon: Icon }) => (
        <div
          key={key}
          className={cn(
            "flex flex-col-reverse items-center justify-end rounded-2xl text-center",
            large ? "border border-line bg-white p-6 shadow-sm" : "bg-surface px-2 py-3",
          )}
        >
          <Text k={`${k}-${key}-label`} as="dt" className={cn("text-muted", !large && "text-sm")}>
            {label}
          </Text>
          <Text
            k={`${k}-${key}-value`}
            as="dd"
            className={cn(
              "font-bold text-primary-dark",
              large ? "text-4xl leading-tight" : "text-xl md:text-2xl",
            )}
          >
            {value}
          </Text>
          {Icon && (
            <span
              aria-hidden
              className="mb-3 flex size-12 items-center justify-center rounded-full bg-primary-light text-primary"
            >
              <Icon className="size-6" />
            </span>
          )}
        </div>
      ))}
    </dl>
  );
}

export interface StepItem {
  key: string;
  title: string;
  description: string;
}

/** Numbered steps, side by side on a wide screen. Keys: `k`-`step.key`-title/-description. */
export function Steps({ k, steps }: { k: string; steps: readonly StepItem[] }) {
  return (
    <ol className="grid gap-5 md:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.key} className="rounded-2xl border border-line bg-white p-6 shadow-sm">
          <span
            aria-hidden
            className="mb-4 flex size-12 items-center justify-center rounded-full bg-primary text-xl font-bold text-white"
          >
            {index + 1}
          </span>
          <Text k={`${k}-${step.key}-title`} as="h3" className="mb-2 text-xl">
            {step.title}
          </Text>
          <Text k={`${k}-${step.key}-description`} as="p" className="text-muted">
            {step.description}
          </Text>
        </li>
      ))}
    </ol>
  );
}

/**
 * A highlighted message in the association's gold, for a commitment, an emergency line or
 * a notice. Keys: `k`-title and `k`-text.
 */
export function Callout({
  k,
  title,
  text,
  icon: Icon,
  headingAs = "h3",
  className,
  children,
}: {
  k: string;
  title: string;
  text: string;
  icon?: LucideIcon;
  headingAs?: ElementType;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div
      className={cn(
        "flex flex-col gap-4 rounded-2xl border-s-4 border-accent bg-accent-light p-6 sm:flex-row sm:items-start md:p-8",
        className,
      )}
    >
      {Icon && (
        <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-white text-primary shadow-sm">
          <Icon aria-hidden className="size-7" />
        </span>
      )}
      <div className="flex-1">
        <Text k={`${k}-title`} as={headingAs} className="mb-2 text-2xl">
          {title}
        </Text>
        <Text k={`${k}-text`} as="p" className="text-lg text-ink">
          {text}
        </Text>
        {children}
      </div>
    </div>
  );
}

/** An uploaded image, lazily, with its smaller copies for the browser to pick by `sizes`. */
export function StoredImage({
  src,
  sizes,
  alt,
  className,
}: {
  src: string;
  sizes: string;
  alt: string;
  className?: string;
}) {
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      loading="lazy"
      className={className}
    />
  );
}
