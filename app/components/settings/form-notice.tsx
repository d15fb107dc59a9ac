import { CircleAlert, CircleCheck } from "lucide-react";
import { cn } from "~/shared/cn";

/** A lasting message beside a form: success in green, problems in red, announced politely. */
export function FormNotice({
  tone,
  children,
  className,
}: {
  tone: "success" | "error" | "info";
  children: React.ReactNode;
  className?: string;
}) {
  const Icon = tone === "error" ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "flex items-start gap-3 rounded-2xl border p-4",
        tone === "success" && "border-primary/30 bg-primary-light text-primary-dark",
        tone === "error" && "border-danger/30 bg-red-50 text-danger",
        tone === "info" && "border-line bg-surface text-ink",
        className,
      )}
    >
      <Icon aria-hidden className="mt-1 size-5 shrink-0" />
      <div className="space-y-2">{children}</div>
    </div>
  );
}
