// The new promo code form's values (text as the operator types it: a percentage or euros, local times, counts) and
// the schema that turns them into the contract's CreatePromoCodeBody, each field by the contract's own rule.
import { z } from "../../../contract/zod";
import { CreatePromoCodeBody, PROMO_CODE_PATTERN, promoCodeKinds } from "../../../contract";
import { euroField, optional, timeField, wholeField } from "./draft-form";

const body = CreatePromoCodeBody.shape;

const common = {
  // The contract words its own rule in English (the CLI prints it); the form says it in the operator's language.
  code: z
    .string()
    .trim()
    .refine((value) => value === "" || PROMO_CODE_PATTERN.test(value), { error: "operator.promo.codeCharacters", abort: true })
    .pipe(body.code),
  validFrom: optional(timeField(body.validFrom.unwrap())),
  validUntil: optional(timeField(body.validUntil.unwrap())),
  maxUses: optional(wholeField(body.maxUses.unwrap())),
  maxUsesPerUser: optional(wholeField(body.maxUsesPerUser.unwrap())),
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
  .transform(({ code, validFrom, validUntil, maxUses, maxUsesPerUser, ...promo }): CreatePromoCodeBody => ({
    code,
    kind: promo.kind,
    amount: promo.kind === "percent" ? promo.percent : promo.amountCents,
    ...(validFrom ? { validFrom } : {}),
    ...(validUntil ? { validUntil } : {}),
    ...(maxUses ? { maxUses } : {}),
    ...(maxUsesPerUser ? { maxUsesPerUser } : {}),
  }));

export type PromoFormValues = z.input<typeof PromoForm>;

export const emptyPromo: PromoFormValues = {
  code: "",
  kind: "percent",
  percent: "",
  amountCents: "",
  validFrom: "",
  validUntil: "",
  maxUses: "",
  maxUsesPerUser: "",
};
