// Won auctions and their fulfilment on the wire: the winner's list, paying (address, phone, promo code), address
// suggestions, the live `fulfilment:updated` event, and the operator calls (moving delivery on, promo codes: list,
// create, disable).
// Money in cents; times are ISO strings the server decides.
import { z } from "./zod";
import { TEXT_MAX, isPhoneNumber, validationKeys } from "./accounts";
import { text, wholeNumberParam } from "./input";

export const fulfilmentStates = ["AwaitingPayment", "PaymentReceived", "InDelivery", "Delivered", "Expired"] as const;
export const FulfilmentState = z.enum(fulfilmentStates);
export type FulfilmentState = z.infer<typeof FulfilmentState>;

/** Refusals of paying and of moving a fulfilment on, with SPEC.md's English where it has one. */
export const fulfilmentErrorMessages = {
  PROMO_CODE_INVALID: "Entered promo code is not valid.",
  PAYMENT_WINDOW_CLOSED: "The payment window for this auction has closed.",
  FULFILMENT_STEP_REFUSED: "This step is not allowed in the fulfilment's current state.",
  PROMO_CODE_EXISTS: "A promo code with this text already exists.",
} as const;
export type FulfilmentErrorCode = keyof typeof fulfilmentErrorMessages;

/** Locale keys of the pay form's field messages. */
export const fulfilmentValidationKeys = { promoCodeInvalid: "fulfilment.validation.promoCodeInvalid" } as const;

/**
 * A phone a courier can call: Latvian numbers with or without +371 (eight digits, the first 2–9), or any
 * international number written with + or 00 (7 to 15 digits). Single spaces or dashes may group the digits.
 */
export function isDeliveryPhone(value: string): boolean {
  if (!isPhoneNumber(value.replace(/^00/, "+"))) return false;
  const compact = value.replace(/[\s-]/g, "").replace(/^00/, "+");
  if (compact.startsWith("+371")) return /^\+371[2-9]\d{7}$/.test(compact);
  if (compact.startsWith("+")) return true;
  return /^[2-9]\d{7}$/.test(compact);
}

export const DeliveryPhone = text({ error: validationKeys.required })
  .trim()
  .min(1, validationKeys.required)
  .max(TEXT_MAX, validationKeys.max255)
  .refine((value) => value === "" || isDeliveryPhone(value), validationKeys.invalidPhone);

export const DeliveryAddress = text({ error: validationKeys.required })
  .trim()
  .min(1, validationKeys.required)
  .max(TEXT_MAX, validationKeys.max255);

/** An optional promo code: blank means none; the server decides whether it is valid. */
export const PromoCodeInput = text()
  .trim()
  .max(TEXT_MAX, validationKeys.max255)
  .optional()
  .transform((value) => (value ? value : undefined));

/** POST /api/fulfilments/{auctionId}/quote: what the winner would pay with this promo code. */
export const QuoteBody = z.object({ promoCode: PromoCodeInput });
export type QuoteBody = z.input<typeof QuoteBody>;

export const QuoteResponse = z.object({
  priceCents: z.number().int(),
  discountCents: z.number().int(),
  amountCents: z.number().int(),
  promoCode: z.string().nullable(),
});
export type QuoteResponse = z.infer<typeof QuoteResponse>;

/** POST /api/fulfilments/{auctionId}/pay: debits the wallet and moves the fulfilment to PaymentReceived. */
export const PayBody = z.object({
  deliveryAddress: DeliveryAddress,
  phone: DeliveryPhone,
  promoCode: PromoCodeInput,
});
export type PayBody = z.input<typeof PayBody>;

/** One won auction with its fulfilment, as the winner sees it (and as `fulfilment:updated` carries it). */
export const WonAuction = z.object({
  auctionId: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  finalPriceCents: z.number().int(),
  endedAt: z.string(),
  state: FulfilmentState,
  /** Pay before this, or the fulfilment expires. */
  deadlineAt: z.string(),
  amountPaidCents: z.number().int().nullable(),
  discountCents: z.number().int().nullable(),
  promoCode: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  phone: z.string().nullable(),
  paidAt: z.string().nullable(),
  inDeliveryAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  expiredAt: z.string().nullable(),
  /** Grows with every change: drop an update whose version is not newer than yours. */
  version: z.number().int(),
  /** The winner has seen the win (the "You won!" dialog was closed or led to paying), on any device. */
  isSeen: z.boolean(),
});
export type WonAuction = z.infer<typeof WonAuction>;

/** GET /api/fulfilments: the signed-in user's won auctions, newest first, and the pay form's defaults. */
export const WonAuctionsResponse = z.object({
  items: z.array(WonAuction),
  defaults: z.object({ phone: z.string(), deliveryAddress: z.string() }),
});
export type WonAuctionsResponse = z.infer<typeof WonAuctionsResponse>;

/** GET /api/addresses?q=…: suggestions for the delivery address while typing. */
export const AddressQuery = z.object({ q: text().trim().max(TEXT_MAX) });
export const AddressSuggestion = z.object({ label: z.string().max(TEXT_MAX) });
export type AddressSuggestion = z.infer<typeof AddressSuggestion>;
export const AddressSuggestionsResponse = z.object({ items: z.array(AddressSuggestion).max(8) });
export type AddressSuggestionsResponse = z.infer<typeof AddressSuggestionsResponse>;

// Operators.

/** POST /api/operator/fulfilments/{auctionId}/advance: the delivery steps only operators take. */
export const AdvanceFulfilmentBody = z.object({ to: z.enum(["InDelivery", "Delivered"]) });
export type AdvanceFulfilmentBody = z.infer<typeof AdvanceFulfilmentBody>;

/**
 * POST /api/operator/fulfilments/{auctionId}/payment-time-left (testers): an unpaid fulfilment's deadline becomes
 * the server's now plus `seconds` (at most 30 days); with 0 the expiry job expires it on its next tick.
 */
export const PaymentTimeLeftBody = z.object({
  seconds: z
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600),
});
export type PaymentTimeLeftBody = z.infer<typeof PaymentTimeLeftBody>;

export const OperatorFulfilment = WonAuction.extend({
  winnerId: z.string(),
  winnerEmail: z.string(),
  winnerDisplayName: z.string(),
});
export type OperatorFulfilment = z.infer<typeof OperatorFulfilment>;

export const OperatorFulfilmentsQuery = z.object({
  state: FulfilmentState.optional(),
  limit: wholeNumberParam(1, 1000).default(100),
});
export type OperatorFulfilmentsQuery = z.input<typeof OperatorFulfilmentsQuery>;
export const OperatorFulfilmentList = z.object({ items: z.array(OperatorFulfilment) });
export type OperatorFulfilmentList = z.infer<typeof OperatorFulfilmentList>;

export const promoCodeKinds = ["percent", "fixed"] as const;
/** The characters a promo code is written in. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
const isoTime = z.iso.datetime({ offset: true });

/**
 * POST /api/operator/promo-codes. `amount` is whole percent (1–100) for "percent" and euro cents for "fixed".
 * Codes are matched without regard to case.
 */
export const CreatePromoCodeBody = z
  .object({
    code: text().trim().min(3).max(32).regex(PROMO_CODE_PATTERN, "Letters, digits, - and _ only."),
    kind: z.enum(promoCodeKinds),
    amount: z.number().int().min(1).max(100_000_00),
    validFrom: isoTime.optional(),
    validUntil: isoTime.optional(),
    maxUses: z.number().int().min(1).max(1_000_000).optional(),
    maxUsesPerUser: z.number().int().min(1).max(1000).optional(),
  })
  .refine((body) => body.kind !== "percent" || body.amount <= 100, { message: "A percentage is at most 100.", path: ["amount"] })
  .refine((body) => !body.validFrom || !body.validUntil || Date.parse(body.validUntil) > Date.parse(body.validFrom), {
    message: "validUntil must come after validFrom.",
    path: ["validUntil"],
  });
export type CreatePromoCodeBody = z.input<typeof CreatePromoCodeBody>;

export const PromoCode = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(promoCodeKinds),
  amount: z.number().int(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerUser: z.number().int().nullable(),
  uses: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Disabled codes are refused at payment ('Entered promo code is not valid.') from this time on. */
  disabledAt: z.string().nullable(),
});
export type PromoCode = z.infer<typeof PromoCode>;

/** POST /api/operator/promo-codes/{code}/disable: a code named by its text, in any case. */
export const PromoCodeParams = z.object({ code: CreatePromoCodeBody.shape.code });
export const PromoCodeList = z.object({ items: z.array(PromoCode) });
export type PromoCodeList = z.infer<typeof PromoCodeList>;
