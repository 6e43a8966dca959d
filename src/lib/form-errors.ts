// Maps a server answer onto a form: field issues go to their fields, anything else becomes one translated message.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { TFunction } from "i18next";
import { ApiError } from "./api-client";

export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  t: TFunction,
  fallbackKey = "errors.INTERNAL",
): string | undefined {
  if (error instanceof ApiError) {
    if (error.issues.length > 0) {
      for (const issue of error.issues) setError(issue.path as Path<T>, { message: issue.message });
      return undefined;
    }
    return t(`errors.${error.code}`, { defaultValue: t(fallbackKey) });
  }
  return t(fallbackKey);
}
