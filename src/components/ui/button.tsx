// The one button of the app (STYLE.md 24): its variants carry the design tokens, with white text only on shades
// that reach WCAG AA contrast (primary-700 is 5.2:1 against white; primary-500 would be 2.8:1).
import { forwardRef, type ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "outline" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "lg" | "xl";

const variantClassNames: Record<ButtonVariant, string> = {
  primary: "bg-primary-700 text-white shadow-sm hover:bg-primary-800",
  secondary: "border border-line bg-surface text-ink hover:bg-black/5 dark:hover:bg-white/10",
  /** A quieter choice beside a primary one: a thin line that turns orange under the pointer. */
  outline: "border border-line text-ink hover:border-primary-400",
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800",
  ghost: "text-ink hover:bg-black/5 dark:hover:bg-white/10",
};

const sizeClassNames: Record<ButtonSize, string> = {
  sm: "h-10 px-4 text-sm",
  md: "h-11 px-6",
  lg: "h-12 px-6",
  xl: "h-14 px-6 text-lg",
};

/** The classes of a button of this variant and size, also for a link that looks like one. */
export function buttonClassName({
  variant = "primary",
  size = "md",
  className = "",
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return `inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition disabled:opacity-70 ${variantClassNames[variant]} ${sizeClassNames[size]} ${className}`.trim();
}

/**
 * The classes of a round icon-only button (close, clear, a menu's trigger): muted, a soft circle under the pointer.
 * `className` brings its size (`size-9`) and place.
 */
export function iconButtonClassName(className: string): string {
  return `flex items-center justify-center rounded-full text-muted hover:bg-black/5 dark:hover:bg-white/10 ${className}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = "button", ...button },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClassName({ variant, size, className })} {...button} />;
});
