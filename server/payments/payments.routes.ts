// Payments: create a top-up (SPEC.md §7), read one back, and the provider's signed webhook.
import { createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  CreatePaymentBody,
  CreatePaymentResponse,
  MAX_TOP_UP_CENTS,
  MIN_TOP_UP_CENTS,
  PaymentIdParams,
  PaymentView,
  SandboxRefundEvent,
  SandboxWebhookEvent,
} from "../../contract";
import { refuseSignedOut, signedInUser } from "../accounts/sessions";
import type { AppConfig } from "../config";
import type { Database } from "../db/database";
import { errorAnswers, HttpError } from "../http/errors";
import { translatorFor } from "../i18n";
import type { DomainEvents } from "../events/domain-events";
import { attachProviderRef, createPendingPayment, findPayment, settlePayment, topUpCents } from "./payments.service";
import { SANDBOX_WEBHOOK_PATH, sandboxRoutes } from "./sandbox.routes";
import { isValidSignature } from "./webhook-signature";
import { Refusal } from "../refusal";
import { spendRefusalText } from "../wallet/spend-limits";
import { settleRefund } from "../wallet/withdrawals.service";
import type { WithdrawalNotices } from "../wallet/withdrawal-notices";
import {
  sandboxProvider,
  stripePaymentIntent,
  stripeProvider,
  stripeRefundSettlements,
  stripeSettlement,
  type PaymentProvider,
  type StripeCheckoutSessions,
} from "./providers";
import { SANDBOX_REFUND_WEBHOOK_PATH, sandboxRefundRoutes } from "./sandbox-refunds.routes";

export const STRIPE_WEBHOOK_PATH = "/api/payments/webhook/stripe";

/** The sandbox's webhook secret, derived from the session secret so nothing else needs configuring. */
export function sandboxWebhookSecret(config: AppConfig): string {
  return createHmac("sha256", config.sessionSecret).update("sandbox-webhook").digest("hex");
}

export type PaymentsOptions = {
  config: AppConfig;
  db: Database;
  events: DomainEvents;
  /** The server's clock: which month a top-up counts in (spend limits). */
  clock?: () => Date;
  /** Where the provider sends the payer back: the configured public origin, never the request's Host. */
  origin: () => string;
  stripeSessions?: StripeCheckoutSessions;
  /** Tells the bidder when a refund of their withdrawal settles (decision 090). */
  notices: WithdrawalNotices;
};

export async function paymentsRoutes(app: FastifyInstance, options: PaymentsOptions): Promise<void> {
  const { config, db, events, notices } = options;
  const clock = options.clock ?? (() => new Date());
  const webhookSecret = sandboxWebhookSecret(config);
  const stripe = config.stripe ? new Stripe(config.stripe.secretKey) : undefined;
  const provider: PaymentProvider =
    config.paymentProvider === "stripe" && stripe ? stripeProvider(options.stripeSessions ?? stripe.checkout.sessions) : sandboxProvider();

  await app.register(async (signedIn) => {
    signedIn.addHook("preHandler", refuseSignedOut);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.post(
      "/api/payments",
      { schema: { body: CreatePaymentBody, response: { 200: CreatePaymentResponse, ...errorAnswers } } },
      async (request) => {
        const user = signedInUser(request);
        const t = translatorFor(request.body.language);
        const amount = topUpCents(request.body.amount);
        if ("reasonKey" in amount) {
          return {
            isSuccess: false,
            checkoutUrl: null,
            payment: null,
            errorMessage: t(amount.reasonKey, { min: (MIN_TOP_UP_CENTS / 100).toFixed(2), max: (MAX_TOP_UP_CENTS / 100).toFixed(2) }),
          };
        }
        let paymentId: string;
        try {
          paymentId = await createPendingPayment(db, {
            userId: user.id,
            amountCents: amount.cents,
            provider: config.paymentProvider,
            language: request.body.language,
            now: clock(),
          });
        } catch (error) {
          // A pause or the month's top-up limit: the dialog shows the reason, in the payer's language, as it shows others.
          if (!(error instanceof Refusal)) throw error;
          return { isSuccess: false, checkoutUrl: null, payment: null, errorMessage: spendRefusalText(error, request.body.language) };
        }
        const origin = options.origin();
        try {
          const checkout = await provider.createCheckout({
            paymentId,
            amountCents: amount.cents,
            language: request.body.language,
            origin,
            email: user.email,
          });
          await attachProviderRef(db, paymentId, checkout.providerRef);
          return { isSuccess: true, checkoutUrl: checkout.checkoutUrl, payment: { id: paymentId }, errorMessage: null };
        } catch (error) {
          request.log.error({ err: error, paymentId }, "checkout could not be created");
          await settlePayment(db, paymentId, "failed");
          return { isSuccess: false, checkoutUrl: null, payment: null, errorMessage: t("payments.errors.providerUnavailable") };
        }
      },
    );

    s.get(
      "/api/payments/:paymentId",
      { schema: { params: PaymentIdParams, response: { 200: PaymentView, ...errorAnswers } } },
      async (request) => {
        const payment = await findPayment(db, signedInUser(request).id, request.params.paymentId);
        if (!payment) throw new HttpError(404, "NOT_FOUND", "No such payment.");
        return payment;
      },
    );
  });

  // The provider's confirmation: signed over the raw body, settled once however often it arrives.
  await app.register(async (webhook) => {
    // The raw text in place of the app's JSON parser (server/http/json-body.ts), for this scope only.
    webhook.removeContentTypeParser("application/json");
    webhook.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
    webhook.post(SANDBOX_WEBHOOK_PATH, { config: { csrf: "signature" } }, async (request, reply) => {
      const raw = typeof request.body === "string" ? request.body : "";
      const signature = request.headers["x-sandbox-signature"];
      if (!isValidSignature(webhookSecret, raw, typeof signature === "string" ? signature : undefined)) {
        throw new HttpError(400, "BAD_REQUEST", "Invalid signature.");
      }
      const event = SandboxWebhookEvent.safeParse(
        (() => {
          try {
            return JSON.parse(raw) as unknown;
          } catch {
            return undefined;
          }
        })(),
      );
      if (!event.success) throw new HttpError(400, "BAD_REQUEST", "Invalid event.");
      const settled = await settlePayment(db, event.data.paymentId, event.data.outcome, event.data.method);
      if (settled) await events.publish("wallet:changed", { userId: settled.userId });
      return reply.send({ received: true });
    });

    // The sandbox's word on a withdrawal's refund, signed like its payments' and applied once however often it comes.
    webhook.post(SANDBOX_REFUND_WEBHOOK_PATH, { config: { csrf: "signature" } }, async (request, reply) => {
      const raw = typeof request.body === "string" ? request.body : "";
      const signature = request.headers["x-sandbox-signature"];
      if (!isValidSignature(webhookSecret, raw, typeof signature === "string" ? signature : undefined)) {
        throw new HttpError(400, "BAD_REQUEST", "Invalid signature.");
      }
      const event = SandboxRefundEvent.safeParse(
        (() => {
          try {
            return JSON.parse(raw) as unknown;
          } catch {
            return undefined;
          }
        })(),
      );
      if (!event.success) throw new HttpError(400, "BAD_REQUEST", "Invalid event.");
      const reason = event.data.outcome === "failed" ? "The sandbox declined the refund." : null;
      await notices.settled(await settleRefund(db, { partId: event.data.refundId }, event.data.outcome, clock(), reason));
      return reply.send({ received: true });
    });

    // Stripe signs its events; the library checks the signature against the raw body.
    if (stripe && config.stripe) {
      const secret = config.stripe.webhookSecret;
      webhook.post(STRIPE_WEBHOOK_PATH, { config: { csrf: "signature" } }, async (request, reply) => {
        const raw = typeof request.body === "string" ? request.body : "";
        const signature = request.headers["stripe-signature"];
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(raw, typeof signature === "string" ? signature : "", secret);
        } catch {
          throw new HttpError(400, "BAD_REQUEST", "Invalid signature.");
        }
        const settlement = stripeSettlement(event);
        if (settlement) {
          const settled = await settlePayment(db, settlement.paymentId, settlement.outcome, undefined, stripePaymentIntent(event));
          if (settled) await events.publish("wallet:changed", { userId: settled.userId });
        }
        // A withdrawal's refunds, by the refund's id: replays and events out of order change nothing once settled.
        for (const refund of stripeRefundSettlements(event)) {
          const named = refund.partId ? { partId: refund.partId } : { providerRef: refund.providerRef };
          await notices.settled(await settleRefund(db, named, refund.outcome, clock(), refund.reason));
        }
        return reply.send({ received: true });
      });
    }
  });

  if (config.paymentProvider === "sandbox") {
    await app.register(sandboxRoutes, { db, webhookSecret });
    await app.register(sandboxRefundRoutes, { db, webhookSecret });
  }
}
