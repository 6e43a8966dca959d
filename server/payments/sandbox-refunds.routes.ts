// The sandbox's refunds (decision 090): a withdrawal's refunds wait on a page served here, as its checkout does, with
// Refund and Decline. It confirms through a signed webhook, as a real provider would, then sends the bidder back to
// the wallet. Only the session whose withdrawal it is sees the page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SandboxRefundForm } from "../../contract";
import { z } from "../../contract/zod";
import type { Database } from "../db/database";
import { errorBody } from "../http/errors";
import { escapeHtml } from "../http/html";
import { translatorFor } from "../i18n";
import { pendingRefundsOf } from "../wallet/withdrawals.service";
import { signPayload } from "./webhook-signature";

export const SANDBOX_REFUND_WEBHOOK_PATH = "/api/payments/webhook/sandbox-refunds";

const WithdrawalIdParams = z.object({ withdrawalId: z.uuid() });

export async function sandboxRefundRoutes(app: FastifyInstance, options: { db: Database; webhookSecret: string }): Promise<void> {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const ownRefunds = async (request: FastifyRequest) => {
    const params = WithdrawalIdParams.safeParse(request.params);
    if (!params.success || !request.user) return null;
    const [owned] = await options.db.query("select 1 from withdrawals where id = $1 and user_id = $2", [
      params.data.withdrawalId,
      request.user.id,
    ]);
    if (!owned) return null;
    return {
      withdrawalId: params.data.withdrawalId,
      refunds: await pendingRefundsOf(options.db, request.user.id, params.data.withdrawalId),
    };
  };
  const unknownWithdrawal = (reply: FastifyReply) => reply.status(404).send(errorBody("NOT_FOUND", "Unknown withdrawal."));

  app.get("/sandbox/refunds/:withdrawalId", async (request, reply) => {
    const own = await ownRefunds(request);
    if (!own) return unknownWithdrawal(reply);
    const language = own.refunds[0]?.language ?? request.user?.language ?? "lv";
    const t = translatorFor(language);
    const money = new Intl.NumberFormat(language, { style: "currency", currency: "EUR" });
    const body =
      own.refunds.length === 0
        ? `<p>${escapeHtml(t("withdraw.sandbox.settled"))}</p><p><a href="/wallet">${escapeHtml(t("sandbox.back"))}</a></p>`
        : `<ul>${own.refunds
            .map(
              (refund) =>
                `<li><span>${escapeHtml(t(refund.method === "bank" ? "sandbox.bank" : "sandbox.card"))}</span><strong>${escapeHtml(money.format(refund.amount_cents / 100))}</strong></li>`,
            )
            .join("")}</ul>
<form method="post" action="/sandbox/refunds/${own.withdrawalId}"><div class="actions">
  <button name="action" value="settle" class="pay">${escapeHtml(t("withdraw.sandbox.settle"))}</button>
  <button name="action" value="fail">${escapeHtml(t("withdraw.sandbox.fail"))}</button>
</div></form>`;
    return reply.type("text/html; charset=utf-8").send(`<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t("withdraw.sandbox.title"))}</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:20px;box-shadow:0 10px 30px #0f172a1a;padding:28px;width:min(380px,92vw)}h1{font-size:20px;margin:0 0 4px}
.notice{background:#fef3c7;color:#78350f;border-radius:10px;padding:8px 12px;font-size:13px}ul{list-style:none;padding:0;margin:16px 0}
li{display:flex;justify-content:space-between;align-items:baseline;padding:8px 0;border-bottom:1px solid #e2e8f0}li strong{font-size:22px}
.actions{display:grid;gap:8px}button{font:inherit;font-weight:600;border-radius:999px;padding:12px;border:1px solid #cbd5e1;background:#fff;cursor:pointer}
button.pay{background:#2563eb;border-color:#2563eb;color:#fff}</style></head>
<body><main><h1>${escapeHtml(t("withdraw.sandbox.heading"))}</h1><p class="notice">${escapeHtml(t("withdraw.sandbox.notice"))}</p>${body}</main></body></html>`);
  });

  app.post("/sandbox/refunds/:withdrawalId", { config: { csrf: "origin" } }, async (request, reply) => {
    const own = await ownRefunds(request);
    if (!own) return unknownWithdrawal(reply);
    const form = SandboxRefundForm.safeParse(request.body);
    if (!form.success) return reply.status(400).send(errorBody("VALIDATION_FAILED", "Choose refund or decline."));
    const outcome = form.data.action === "settle" ? "succeeded" : "failed";
    for (const refund of own.refunds) {
      const event = JSON.stringify({ refundId: refund.id, outcome });
      // Through the webhook route itself, signed as a real provider would sign it.
      const confirmation = await app.inject({
        method: "POST",
        url: SANDBOX_REFUND_WEBHOOK_PATH,
        headers: { "content-type": "application/json", "x-sandbox-signature": signPayload(options.webhookSecret, event) },
        payload: event,
      });
      if (confirmation.statusCode !== 200) request.log.error({ status: confirmation.statusCode }, "sandbox refund confirmation refused");
    }
    return reply.redirect("/wallet", 303);
  });
}
