import { cn } from "~/shared/cn";

/**
 * The association's wordmark. To use the real logo, drop `association.svg` (and/or
 * `vision-2030.svg`) into public/brand/ — see public/brand/README.md.
 */
export function AssociationLogo({ className }: { className?: string }) {
  return (
    <img src="/brand/association.svg" alt="جمعية رفق" className={cn("h-12 w-auto", className)} />
  );
}

export function VisionLogo({ className }: { className?: string }) {
  return (
    <img
      src="/brand/vision-2030.svg"
      alt="رؤية المملكة 2030"
      className={cn("h-10 w-auto", className)}
    />
  );
}
