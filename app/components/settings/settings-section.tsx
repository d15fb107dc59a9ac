import type { LucideIcon } from "lucide-react";
import { useId } from "react";

/**
 * One card of the settings screen: a heading, a sentence saying what it is for, and its own
 * form. Sections are independent, so the admin-only ones slot in beside these.
 */
export function SettingsSection({
  id,
  title,
  description,
  icon: Icon,
  children,
}: {
  /** The section's anchor, for links such as the settings screen's contents list (never the id of a form). */
  id?: string;
  title: string;
  description: string;
  icon: LucideIcon;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="mb-6 flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary-light text-primary">
          <Icon aria-hidden className="size-6" />
        </span>
        <div className="space-y-1">
          <h2 id={headingId} className="text-xl">
            {title}
          </h2>
          <p className="text-muted">{description}</p>
        </div>
      </div>
      {children}
    </section>
  );
}
