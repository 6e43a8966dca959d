// An on/off switch: a checkbox with the switch role, its label beside it, the track and knob drawn by CSS.
import type { InputHTMLAttributes, ReactNode } from "react";

type SwitchProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "role" | "className"> & {
  label: ReactNode;
  className?: string;
  /** The guided tour's anchor, on the whole switch (the input itself is visually hidden). */
  tour?: string;
};

export function Switch({ label, className = "", tour, ...input }: SwitchProps) {
  return (
    <label
      data-tour={tour}
      className={`flex cursor-pointer items-center justify-between gap-3 has-disabled:cursor-not-allowed has-disabled:opacity-60 ${className}`}
    >
      <span className="text-sm font-medium">{label}</span>
      <input type="checkbox" role="switch" className="peer sr-only" {...input} />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition peer-checked:bg-primary-500 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-500 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition peer-checked:after:translate-x-5 dark:bg-slate-600"
      />
    </label>
  );
}
