import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/shared/cn";

/** A public form's link to what the association keeps of the answers, and why. */
export function PrivacyNote({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p className={cn("flex items-center gap-2 text-muted", className)}>
      <ShieldCheck aria-hidden className="size-5 text-primary" />
      <Link to="/privacy" className="inline-flex min-h-11 items-center underline">
        {children}
      </Link>
    </p>
  );
}
