import { type ComponentProps, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

type SiteLinkProps = Omit<ComponentProps<"a">, "href"> & { to: string };

/**
 * A link from the public site's frame or pages to one of its pages: a plain `<a>`. React
 * Router's `<Link>` runs a dozen hooks per link, and the frame alone has about fifty (both menus,
 * the footer): they were 6 % of a render. `useSiteLinkNavigation` (once, in the root) follows
 * these links inside the app, as `<Link>` would; before the app loads they are ordinary links.
 * `data-discover` lets React Router learn the routes they lead to, as it does for its own links.
 */
export function SiteLink({ to, ...rest }: SiteLinkProps) {
  return <a {...rest} href={to} data-site-link="" data-discover="true" />;
}

/** A SiteLink that says when it leads to the page shown (`aria-current`), as NavLink's `end`. */
export function SiteNavLink({
  to,
  className,
  ...rest
}: Omit<SiteLinkProps, "className"> & {
  className?: string | ((state: { isActive: boolean }) => string);
}) {
  const isActive = samePath(useLocation().pathname, to);
  return (
    <SiteLink
      {...rest}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}

const samePath = (a: string, b: string) =>
  a.replace(/\/+$/, "").toLowerCase() === b.replace(/\/+$/, "").toLowerCase();

/**
 * Follows a click on a SiteLink inside the app: a plain left click, on a link of this site that
 * opens in this tab. A link to the page shown replaces it in the history, as `<Link>` does.
 */
export function useSiteLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.("a[data-site-link]");
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return;
      if (link.target && link.target !== "_self") return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = `${url.pathname}${url.search}${url.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      navigate(to, { replace: to === here });
    };
    document.addEventListener("click", follow);
    return () => document.removeEventListener("click", follow);
  }, [navigate]);
}
