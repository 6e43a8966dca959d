// The new promo code form's values (text as the operator types it: a percentage or euros, local times, counts) and
// the schema that turns them into the contract's CreatePromoCodeBody, each field by the contract's own rule.
import { z } from "zod";
import { CreatePromoCodeBody, PROMO_CODE_PATTERN, promoCodeKinds } from "../../../contract";
import { euroField, wholeField } from "./draft-form";

const body = CreatePromoCodeBody.shape;

/** An optional field typed as text: blank means "not set", anything else must pass `field`. */
const blankOr = <T extends z.ZodType<unknown, string>>(field: T) =>
  z
    .string()
    .transform((value) => (value.trim() === "" ? undefined : value))
    .pipe(field.optional());

/** A datetime-local value (the browser's own time zone) as an ISO time, then `rule`. */
const localTime = <T extends z.ZodType<string, string>>(rule: T) =>
  z
    .string()
    .refine((value) => !Number.isNaN(new Date(value).getTime()), { error: "operator.validation.time", abort: true })
    .transform((value) => new Date(value).toISOString())
    .pipe(rule);

const common = {
  // The contract words its own rule in English (the CLI prints it); the form says it in the operator's language.
  code: z
    .string()
    .trim()
    .refine((value) => value === "" || PROMO_CODE_PATTERN.test(value), { error: "operator.promo.codeCharacters", abort: true })
    .pipe(body.code),
  validFrom: blankOr(localTime(body.validFrom.unwrap())),
  validUntil: blankOr(localTime(body.validUntil.unwrap())),
  maxUses: blankOr(wholeField(body.maxUses.unwrap())),
  maxUsesPerUser: blankOr(wholeField(body.maxUsesPerUser.unwrap())),
};

/**
 * A percentage is typed as a whole number (1–100), a fixed discount in euros. The form holds both fields; only the
 * chosen kind's is read.
 */
export const PromoForm = z
  .discriminatedUnion("kind", [
    z.object({ ...common, kind: z.literal(promoCodeKinds[0]), percent: wholeField(body.amount.max(100)), amountCents: z.string() }),
    z.object({ ...common, kind: z.literal(promoCodeKinds[1]), percent: z.string(), amountCents: euroField(body.amount) }),
  ])
  // The server refuses it too; said here, at the field, before anything is sent.
  .refine((promo) => !promo.validFrom || !promo.validUntil || promo.validUntil > promo.validFrom, {
    error: "operator.promo.untilAfterFrom",
    path: ["validUntil"],
  })
  .transform(
    ({ code, validFrom, validUntil, maxUses, maxUsesPerUser, ...promo }): CreatePromoCodeBody => ({
      code,
      kind: promo.kind,
      amount: promo.kind === "percent" ? promo.percent : promo.amountCents,
      ...(validFrom ? { validFrom } : {}),
      ...(validUntil ? { validUntil } : {}),
      ...(maxUses ? { maxUses } : {}),
      ...(maxUsesPerUser ? { maxUsesPerUser } : {}),
    }),
  );

export type PromoFormValues = z.input<typeof PromoForm>;

export const emptyPromo: PromoFormValues = { code: "", kind: "percent", percent: "", amountCents: "", validFrom: "", validUntil: "", maxUses: "", maxUsesPerUser: "" };
