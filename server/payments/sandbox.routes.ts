// The sandbox card provider (PAYMENT_PROVIDER=sandbox, the embedded default): a checkout page served here, with
// card and online-banking choices and Pay / Decline / Cancel. It confirms through the same signed webhook a real
// provider would call, then sends the payer back to /payments/success, /failed or /canceled. No money moves.
// Like a real provider's checkout session, a payment is shown and settled only for the session that created it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PaymentIdParams, SandboxCheckoutForm } from "../../contract";
import type { Database } from "../db/database";
import { errorBody } from "../http/errors";
import { escapeHtml } from "../http/html";
import { translatorFor } from "../i18n";
import { findSandboxPayment } from "./payments.service";
import { signPayload } from "./webhook-signature";

export const SANDBOX_WEBHOOK_PATH = "/api/payments/webhook/sandbox";

export async function sandboxRoutes(app: FastifyInstance, options: { db: Database; webhookSecret: string }): Promise<void> {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  /** The caller's own sandbox payment; someone else's is as unknown as one that does not exist. */
  const findOwnPayment = async (request: FastifyRequest) => {
    const params = PaymentIdParams.safeParse(request.params);
    if (!params.success || !request.user) return null;
    return findSandboxPayment(options.db, request.user.id, params.data.paymentId);
  };
  // Refusals answer in the API's error shape, not as an HTML page: the only ones who meet them are the simulator
  // and tests (which read the code) or someone following a checkout link that is not theirs, who needs no more.
  const unknownPayment = (reply: FastifyReply) => reply.status(404).send(errorBody("NOT_FOUND", "Unknown payment."));

  app.get("/sandbox/checkout/:paymentId", async (request, reply) => {
    const payment = await findOwnPayment(request);
    if (!payment) return unknownPayment(reply);
    const t = translatorFor(payment.language);
    const amount = new Intl.NumberFormat(payment.language, { style: "currency", currency: "EUR" }).format(payment.amount_cents / 100);
    const body =
      payment.status !== "pending"
        ? `<p>${escapeHtml(t("sandbox.settled"))}</p><p><a href="/">${escapeHtml(t("sandbox.back"))}</a></p>`
        : `<form method="post" action="/sandbox/checkout/${payment.id}">
  <p class="amount"><span>${escapeHtml(t("sandbox.amount"))}</span><strong>${escapeHtml(amount)}</strong></p>
  <fieldset><legend>${escapeHtml(t("sandbox.method"))}</legend>
    <label><input type="radio" name="method" value="card" checked> ${escapeHtml(t("sandbox.card"))}</label>
    <label><input type="radio" name="method" value="bank"> ${escapeHtml(t("sandbox.bank"))}</label>
  </fieldset>
  <div class="actions">
    <button name="action" value="pay" class="pay">${escapeHtml(t("sandbox.pay"))}</button>
    <button name="action" value="decline">${escapeHtml(t("sandbox.decline"))}</button>
    <button name="action" value="cancel">${escapeHtml(t("sandbox.cancel"))}</button>
  </div>
</form>`;
    return reply.type("text/html; charset=utf-8").send(`<!doctype html><html lang="${payment.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t("sandbox.title"))}</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:20px;box-shadow:0 10px 30px #0f172a1a;padding:28px;width:min(380px,92vw)}h1{font-size:20px;margin:0 0 4px}
.notice{background:#fef3c7;color:#78350f;border-radius:10px;padding:8px 12px;font-size:13px}.amount{display:flex;justify-content:space-between;align-items:baseline;font-size:15px}
.amount strong{font-size:28px}fieldset{border:1px solid #e2e8f0;border-radius:12px;margin:16px 0;padding:10px 14px}label{display:block;padding:6px 0}
.actions{display:grid;gap:8px}button{font:inherit;font-weight:600;border-radius:999px;padding:12px;border:1px solid #cbd5e1;background:#fff;cursor:pointer}
button.pay{background:#2563eb;border-color:#2563eb;color:#fff}</style></head>
<body><main><h1>${escapeHtml(t("sandbox.merchant"))}</h1><p class="notice">${escapeHtml(t("sandbox.notice"))}</p>${body}</main></body></html>`);
  });

  app.post("/sandbox/checkout/:paymentId", { config: { csrf: "origin" } }, async (request, reply) => {
    const payment = await findOwnPayment(request);
    if (!payment) return unknownPayment(reply);
    const form = SandboxCheckoutForm.safeParse(request.body);
    if (!form.success) return reply.status(400).send(errorBody("VALIDATION_FAILED", "Choose pay, decline or cancel."));
    const { action, method } = form.data;
    const outcome = action === "pay" ? "succeeded" : action === "decline" ? "failed" : "canceled";
    const event = JSON.stringify({ paymentId: payment.id, outcome, method });
    // The confirmation goes through the webhook route itself, signed as a real provider would sign it.
    const confirmation = await app.inject({
      method: "POST",
      url: SANDBOX_WEBHOOK_PATH,
      headers: { "content-type": "application/json", "x-sandbox-signature": signPayload(options.webhookSecret, event) },
      payload: event,
    });
    if (confirmation.statusCode !== 200) request.log.error({ status: confirmation.statusCode }, "sandbox confirmation refused");
    const page = outcome === "succeeded" ? "success" : outcome === "failed" ? "failed" : "canceled";
    return reply.redirect(`/payments/${page}`, 303);
  });
}
