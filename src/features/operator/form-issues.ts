// What the back office's forms say when the contract's schemas refuse a value, in the operator's language. Rules the
// contract words itself (a locale key such as validation.invalidCharacters) keep their own message; zod's own issues
// (too small, too long, not a time) are worded here, money in euros.
import type { TFunction } from "i18next";
import type { z } from "zod";
import { ApiError } from "../../lib/api-client";
import { amountText } from "../../lib/format";

/** Form fields that hold euros while the contract counts cents. */
const MONEY_FIELDS = new Set(["retailValueCents", "entryFeeCents", "priceCapCents", "amountCents"]);

/** A per-parse error map for `zodResolver(schema, { error: issueText(t) })`. */
export function issueText(t: TFunction): z.core.$ZodErrorMap {
  return (issue) => {
    const field = String(issue.path?.at(-1) ?? "");
    const isMoney = MONEY_FIELDS.has(field);
    const value = (limit: unknown) => (isMoney ? `€${amountText(Number(limit))}` : String(limit));
    switch (issue.code) {
      case "too_small":
        if (issue.origin === "string") {
          return Number(issue.minimum) <= 1 || issue.input === ""
            ? t("validation.required")
            : t("operator.validation.minLength", { min: issue.minimum });
        }
        if (issue.origin === "array") return t("operator.validation.invalid");
        return t("operator.validation.atLeast", { min: value(issue.minimum) });
      case "too_big":
        if (issue.origin === "string") return t("operator.validation.maxLength", { max: issue.maximum });
        if (issue.origin === "array") return t("operator.validation.tooMany", { max: issue.maximum });
        return t("operator.validation.atMost", { max: value(issue.maximum) });
      case "invalid_type":
        return issue.input === undefined || issue.input === "" ? t("validation.required") : t("operator.validation.invalid");
      default:
        return t("operator.validation.invalid");
    }
  };
}

/**
 * A refusal of the server as the operator reads it: a state that no longer allows the action (another operator or
 * the clock was first; `conflictCode`, CONFLICT unless the endpoint has its own) in this action's words, anything else
 * by its code, with the figures it names (a picture's `maxMegabytes`).
 */
export function refusalText(error: unknown, t: TFunction, conflictKey: string, conflictCode = "CONFLICT"): string {
  if (error instanceof ApiError) {
    if (error.code === conflictCode) return t(conflictKey);
    return t(`errors.${error.code}`, { ...error.values, defaultValue: t("errors.INTERNAL") });
  }
  return t("errors.INTERNAL");
}
