// Form pieces shared by every form: a labelled field with its translated error, and the submit button.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { useTexts } from "../../hooks/use-texts";
import { buttonClassName } from "./button";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode };

/** The look of every text input; a field may add its own states (e.g. disabled). */
export const inputClassName =
  "h-11 rounded-xl border border-line bg-surface px-3.5 text-[15px] outline-none transition placeholder:text-muted focus:border-primary-500 focus:ring-3 focus:ring-primary-500/20 aria-invalid:border-red-500";

/** What describes the field with this id: its error when there is one, else its hint. */
export const fieldDescribedBy = (id: string, error: string | undefined, hint: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

/**
 * The field's translated error (a locale key, or a message a form's error map has already translated), or else its
 * hint, under the ids `fieldDescribedBy` names.
 */
export function FieldMessage({ id, error, hint }: { id: string; error: string | undefined; hint: ReactNode }) {
  const { t, i18n } = useTexts();
  if (error) {
    return (
      <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
        {i18n.exists(error) ? t(error) : error}
      </p>
    );
  }
  return hint ? (
    <p id={`${id}-hint`} className="text-xs text-muted">
      {hint}
    </p>
  ) : null;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, className = "", ...input },
  ref,
) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, error, hint)}
        className={inputClassName}
        {...input}
      />
    </Field>
  );
});

/** A field's frame: its label above the control (whose id is `id`), its error or hint below it. */
export function Field({
  id,
  label,
  error,
  hint,
  className = "",
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

export function SubmitButton({ isPending, children }: { isPending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={isPending}
      aria-busy={isPending || undefined}
      className={buttonClassName({ className: "disabled:cursor-wait" })}
    >
      {isPending && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
      {children}
    </button>
  );
}

export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {message}
    </p>
  );
}
