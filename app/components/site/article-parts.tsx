import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A listing card's title: its link stretches over the whole card (`group relative` on the
 * card), one big target for readers who find small links hard to hit.
 */
export function CardTitleLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <h3 className="text-xl">
      <Link
        to={to}
        className="outline-none after:absolute after:inset-0 group-hover:text-primary-dark"
      >
        {children}
      </Link>
    </h3>
  );
}

/** The wide image at the top of a post's or an event's page (decorative: the title says it). */
export function ArticleImage({ src }: { src: string }) {
  return (
    <img
      src={src}
      alt=""
      className="mt-8 aspect-video w-full rounded-2xl bg-surface object-cover"
    />
  );
}
