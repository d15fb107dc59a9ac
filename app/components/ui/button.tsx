import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

/** The spec's eight button styles (§1). */
export const buttonVariants = {
  default: "bg-primary text-white hover:bg-primary-dark",
  destructive: "bg-danger text-white hover:bg-red-800",
  outline: "border-2 border-primary text-primary bg-white hover:bg-primary-light",
  secondary: "bg-primary-light text-primary-dark hover:bg-teal-100",
  ghost: "text-ink hover:bg-surface",
  link: "text-primary underline-offset-4 hover:underline px-0",
  hero: "bg-accent text-white shadow-lg hover:brightness-110",
  elegant: "bg-white text-primary-dark border border-line shadow-sm hover:shadow-md",
} as const;

const sizes = {
  default: "min-h-11 px-5 py-2",
  sm: "min-h-9 px-3 text-sm",
  lg: "min-h-13 px-7 py-3 text-lg",
  icon: "size-11",
} as const;

export type ButtonVariant = keyof typeof buttonVariants;

export function buttonClass(
  variant: ButtonVariant = "default",
  size: keyof typeof sizes = "default",
) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-xl font-medium transition",
    "disabled:pointer-events-none disabled:opacity-60",
    buttonVariants[variant],
    sizes[size],
  );
}

export function Button({
  variant = "default",
  size = "default",
  asChild = false,
  className,
  ...props
}: ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  asChild?: boolean;
}) {
  const Component = asChild ? Slot.Root : "button";
  return <Component className={cn(buttonClass(variant, size), className)} {...props} />;
}
