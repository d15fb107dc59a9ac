import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/shared/cn";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./button-class";

// Split out so the public header and footer can style links as buttons without Radix.
export { type ButtonVariant, buttonClass, buttonVariants } from "./button-class";

export function Button({
  variant = "default",
  size = "default",
  asChild = false,
  pending = false,
  className,
  onClick,
  ...props
}: ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  asChild?: boolean;
  /**
   * Its form or action is being sent: the button refuses clicks but stays focusable (a
   * `disabled` button would drop the keyboard focus to <body>).
   */
  pending?: boolean;
}) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      className={cn(buttonClass(variant, size), className)}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    />
  );
}
