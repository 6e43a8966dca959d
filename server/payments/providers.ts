// Card providers behind one interface: the sandbox (embedded default) and Stripe Checkout.
import StripeClient from "stripe";
import type Stripe from "stripe";
import type { Language } from "../../contract";
import type { Refunds } from "../wallet/withdrawals.service";
import type { PaymentOutcome } from "./payments.service";

export type CheckoutRequest = { paymentId: string; amountCents: number; language: Language; origin: string; email: string };
export type Checkout = { checkoutUrl: string; providerRef: string };

export interface PaymentProvider {
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
}

export function sandboxProvider(): PaymentProvider {
  return {
    createCheckout: async ({ paymentId, origin }) => ({
      checkoutUrl: `${origin}/sandbox/checkout/${paymentId}`,
      providerRef: `sbx_${paymentId}`,
    }),
  };
}

/** The one Stripe call we make; tests pass a stand-in, production the real client's `checkout.sessions`. */
export type StripeCheckoutSessions = { create(params: Stripe.Checkout.SessionCreateParams): Promise<{ id: string; url: string | null }> };

export function stripeProvider(sessions: StripeCheckoutSessions): PaymentProvider {
  return {
    async createCheckout({ paymentId, amountCents, language, origin, email }) {
      const session = await sessions.create({
        mode: "payment",
        client_reference_id: paymentId,
        metadata: { paymentId },
        customer_email: email,
        locale: language,
        line_items: [
          { quantity: 1, price_data: { currency: "eur", unit_amount: amountCents, product_data: { name: "Pennybid wallet top-up" } } },
        ],
        success_url: `${origin}/payments/success`,
        cancel_url: `${origin}/payments/canceled`,
      });
      if (!session.url) throw new Error("Stripe returned a session without a checkout address");
      return { checkoutUrl: session.url, providerRef: session.id };
    },
  };
}

/** What a verified Stripe event means for our payment, or null for events we do not act on. */
export function stripeSettlement(event: Stripe.Event): { paymentId: string; outcome: PaymentOutcome } | null {
  const outcomeByType: Partial<Record<Stripe.Event["type"], PaymentOutcome>> = {
    "checkout.session.async_payment_succeeded": "succeeded",
    "checkout.session.async_payment_failed": "failed",
    "checkout.session.expired": "canceled",
  };
  if (!event.type.startsWith("checkout.session.")) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  const paymentId = session.client_reference_id ?? session.metadata?.paymentId;
  if (!paymentId) return null;
  if (event.type === "checkout.session.completed") {
    // Online banking may still be on its way: the async events settle those.
    return session.payment_status === "paid" ? { paymentId, outcome: "succeeded" } : null;
  }
  const outcome = outcomeByType[event.type];
  return outcome ? { paymentId, outcome } : null;
}

// Refunds (decision 090): a withdrawal's money goes back against the top-up that brought it in, through the `Refunds`
// the withdrawals ask of (wallet/withdrawals.service.ts).

/** The sandbox's refunds wait on its refund page, where the bidder settles or fails them (sandbox.routes.ts). */
export function sandboxRefunds(): Refunds {
  return { createRefund: async ({ partId }) => ({ providerRef: `sbxr_${partId}`, outcome: null }) };
}

/** The one Stripe refunds call we make; tests pass a stand-in, production the real client's `refunds`. */
export type StripeRefunds = {
  create(params: Stripe.RefundCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string; status: string | null }>;
};

const refundOutcome = (status: string | null | undefined): "succeeded" | "failed" | null =>
  status === "succeeded" ? "succeeded" : status === "failed" || status === "canceled" ? "failed" : null;

export function stripeRefunds(refunds: StripeRefunds): Refunds {
  return {
    async createRefund({ partId, amountCents, paymentIntent }) {
      if (!paymentIntent) throw new Error("a Stripe top-up without its PaymentIntent cannot be refunded");
      // The part's id as the idempotency key: a retried request never refunds twice.
      const refund = await refunds.create(
        { payment_intent: paymentIntent, amount: amountCents, reason: "requested_by_customer", metadata: { withdrawalPartId: partId } },
        { idempotencyKey: `withdrawal-part-${partId}` },
      );
      return { providerRef: refund.id, outcome: refundOutcome(refund.status) };
    },
  };
}

/** A refund's settlement, by our part's id when the refund carries it (an event may come before we kept its id). */
export type RefundSettlement = { providerRef: string; partId: string | null; outcome: "succeeded" | "failed"; reason: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a verified Stripe event says about our refunds: `refund.*` carry one, `charge.refunded` those it lists. */
export function stripeRefundSettlements(event: Stripe.Event): RefundSettlement[] {
  const settlementOf = (refund: Stripe.Refund): RefundSettlement[] => {
    const outcome = event.type === "refund.failed" ? "failed" : refundOutcome(refund.status);
    const partId = refund.metadata?.withdrawalPartId;
    return outcome
      ? [{ providerRef: refund.id, partId: partId && UUID.test(partId) ? partId : null, outcome, reason: refund.failure_reason ?? null }]
      : [];
  };
  if (event.type === "refund.created" || event.type === "refund.updated" || event.type === "refund.failed") {
    return settlementOf(event.data.object);
  }
  if (event.type === "charge.refunded") return (event.data.object.refunds?.data ?? []).flatMap(settlementOf);
  return [];
}

/** The PaymentIntent a completed checkout session paid with: what refunds name later. */
export function stripePaymentIntent(event: Stripe.Event): string | null {
  if (!event.type.startsWith("checkout.session.")) return null;
  const intent = (event.data.object as Stripe.Checkout.Session).payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

/** The configured provider's refunds: Stripe's (the real client's unless a test gives its stand-in), or the sandbox's. */
export function refundProviderFor(
  config: { paymentProvider: "sandbox" | "stripe"; stripe?: { secretKey: string } | undefined },
  refunds?: StripeRefunds,
): Refunds {
  if (config.paymentProvider !== "stripe" || !config.stripe) return sandboxRefunds();
  return stripeRefunds(refunds ?? new StripeClient(config.stripe.secretKey).refunds);
}
