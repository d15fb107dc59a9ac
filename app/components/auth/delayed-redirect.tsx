import { useEffect } from "react";
import { Link, useNavigate } from "react-router";

/**
 * Leaves the page for `to` after `afterMs` (the reset flow's pauses, spec §4). Without
 * JavaScript a meta refresh does the same; a link lets anyone go at once.
 */
export function DelayedRedirect({ to, afterMs }: { to: string; afterMs: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), afterMs);
    return () => clearTimeout(timer);
  }, [to, afterMs, navigate]);
  return (
    // A reader's page acts by itself here: it asks for its app at once (public/reading-boot.js).
    <p className="text-center text-muted" data-hydrate>
      <noscript>
        <meta httpEquiv="refresh" content={`${afterMs / 1000};url=${to}`} />
      </noscript>
      سيتم تحويلك تلقائياً خلال لحظات.{" "}
      <Link
        to={to}
        replace
        className="whitespace-nowrap font-medium text-primary-dark underline underline-offset-4"
      >
        الانتقال الآن
      </Link>
    </p>
  );
}
