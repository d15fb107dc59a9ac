import { cn } from "~/shared/cn";

/** The spec's eight button styles (§1). */
export const buttonVariants = {
  default: "bg-primary text-white hover:bg-primary-dark",
  destructive: "bg-danger text-white hover:bg-red-800",
  outline: "border-2 border-primary text-primary bg-white hover:bg-primary-light",
  secondary: "bg-primary-light text-primary-dark hover:bg-teal-100",
  ghost: "text-ink hover:bg-surface",
  link: "text-primary underline-offset-4 hover:underline px-0",
  hero: "bg-accent-strong text-white shadow-lg hover:brightness-110",
  elegant: "bg-white text-primary-dark border border-line shadow-sm hover:shadow-md",
} as const;

export const buttonSizes = {
  default: "min-h-11 px-5 py-2",
  sm: "min-h-11 px-3 text-sm",
  lg: "min-h-13 px-7 py-3 text-lg",
  // An icon button keeps its 44 px in a crowded row (a dialog's close button beside its title).
  icon: "size-11 shrink-0",
} as const;

export type ButtonVariant = keyof typeof buttonVariants;
export type ButtonSize = keyof typeof buttonSizes;

/** Every variant and size's classes, joined once as the module loads (buttons render by the hundred). */
const CLASSES = Object.fromEntries(
  Object.entries(buttonVariants).map(([variant, variantClasses]) => [
    variant,
    Object.fromEntries(
      Object.entries(buttonSizes).map(([size, sizeClasses]) => [
        size,
        cn(
          "inline-flex items-center justify-center gap-2 rounded-xl font-medium transition",
          "disabled:pointer-events-none disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-60",
          variantClasses,
          sizeClasses,
        ),
      ]),
    ),
  ]),
) as Record<ButtonVariant, Record<ButtonSize, string>>;

export function buttonClass(variant: ButtonVariant = "default", size: ButtonSize = "default") {
  return CLASSES[variant][size];
}
