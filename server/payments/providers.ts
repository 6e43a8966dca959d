// Card providers behind one interface: the sandbox (embedded default) and Stripe Checkout.
import type Stripe from "stripe";
import type { Language } from "../../contract";
import type { PaymentOutcome } from "./payments.service";

export type CheckoutRequest = { paymentId: string; amountCents: number; language: Language; origin: string; email: string };
export type Checkout = { checkoutUrl: string; providerRef: string };

export interface PaymentProvider {
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
}

export function sandboxProvider(): PaymentProvider {
  return {
    createCheckout: async ({ paymentId, origin }) => ({ checkoutUrl: `${origin}/sandbox/checkout/${paymentId}`, providerRef: `sbx_${paymentId}` }),
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
        line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: amountCents, product_data: { name: "Pennybid wallet top-up" } } }],
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
