import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Text } from "~/components/content-block";
import { cn } from "~/utils/cn";

/** The title band at the top of every public page; both texts are editable blocks. */
export function PageHero({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <section className="bg-gradient-to-b from-primary-light to-white px-4 py-14 text-center">
      <Text k="page-title" as="h1" className="text-3xl text-primary-dark md:text-4xl">
        {title}
      </Text>
      {subtitle && (
        <Text k="page-subtitle" as="p" className="mx-auto mt-4 max-w-3xl text-lg text-muted">
          {subtitle}
        </Text>
      )}
    </section>
  );
}

/** A page section with an editable heading (`k`-title) and optional intro (`k`-intro). */
export function Section({
  k,
  title,
  intro,
  className,
  children,
}: {
  k: string;
  title: string;
  intro?: string;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
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
}

/** A card with an icon, an editable title and an editable description. */
export function InfoCard({
  k,
  title,
  description,
  icon: Icon,
  to,
  children,
  className,
}: {
  k: string;
  title: string;
  description?: string;
  icon?: LucideIcon;
  to?: string;
  children?: React.ReactNode;
  className?: string;
}) {
  const body = (
    <>
      {Icon && (
        <span className="mb-3 flex size-12 items-center justify-center rounded-xl bg-primary-light text-primary">
          <Icon aria-hidden className="size-6" />
        </span>
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
    </>
  );
  const classes = cn(
    "block rounded-2xl border border-line bg-white p-6 shadow-sm",
    to && "transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md",
    className,
  );
  return to ? (
    <Link to={to} className={classes}>
      {body}
    </Link>
  ) : (
    <article className={classes}>{body}</article>
  );
}

export function CardGrid({
  className,
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid gap-5 sm:grid-cols-2 lg:grid-cols-3", className)}>{children}</div>
  );
}
