// Money out and the statement for the signed-in bidder (issue 53 items 1 and 6), and the back office's payout queue.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  CreateWithdrawalBody,
  CreateWithdrawalResponse,
  OperatorPayoutList,
  PayoutIdParams,
  PayoutsQuery,
  SettlePayoutBody,
  StatementResponse,
  WithdrawalsResponse,
} from "../../contract";
import { refuseSignedOut, signedInUser } from "../accounts/sessions";
import type { AppConfig } from "../config";
import type { Database } from "../db/database";
import { errorAnswers } from "../http/errors";
import { requestLanguage } from "../http/language";
import { actingOperator, refuseNonOperators } from "../accounts/operator-auth";
import { statementCsv, statementMonths } from "./statement";
import type { WithdrawalNotices } from "./withdrawal-notices";
import {
  attachRefundRef,
  listPayouts,
  listWithdrawals,
  refundableCents,
  requestWithdrawal,
  settlePayout,
  settleRefund,
  withdrawableFunds,
  type Refunds,
} from "./withdrawals.service";

export type WithdrawalsOptions = {
  config: AppConfig;
  db: Database;
  clock: () => Date;
  origin: () => string;
  refunds: Refunds;
  notices: WithdrawalNotices;
};

export async function withdrawalsRoutes(app: FastifyInstance, options: WithdrawalsOptions): Promise<void> {
  const { config, db, clock, refunds, notices } = options;

  await app.register(async (signedIn) => {
    signedIn.addHook("preHandler", refuseSignedOut);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.get("/api/withdrawals", { schema: { response: { 200: WithdrawalsResponse, ...errorAnswers } } }, async (request) => {
      const userId = signedInUser(request).id;
      const funds = await withdrawableFunds(db, userId);
      return {
        withdrawableCents: funds.withdrawableCents,
        heldCents: funds.heldCents,
        refundableCents: Math.min(funds.withdrawableCents, await refundableCents(db, userId, config.paymentProvider, clock())),
        items: await listWithdrawals(db, userId),
      };
    });

    s.post(
      "/api/withdrawals",
      { schema: { body: CreateWithdrawalBody, response: { 200: CreateWithdrawalResponse, ...errorAnswers } } },
      async (request) => {
        const userId = signedInUser(request).id;
        const { withdrawalId, refunds: planned } = await requestWithdrawal(db, {
          userId,
          amount: request.body.amount,
          iban: request.body.iban,
          provider: config.paymentProvider,
          language: requestLanguage(request),
          now: clock(),
        });
        await notices.requested(userId, withdrawalId);
        // The provider is asked after the hold has committed: a refund it cannot start gives its amount back at once.
        for (const refund of planned) {
          try {
            const started = await refunds.createRefund(refund);
            await attachRefundRef(db, refund.partId, started.providerRef);
            if (started.outcome) await notices.settled(await settleRefund(db, { partId: refund.partId }, started.outcome, clock()));
          } catch (error) {
            request.log.error({ err: error, partId: refund.partId }, "refund could not be started");
            await notices.settled(
              await settleRefund(db, { partId: refund.partId }, "failed", clock(), "The payment provider could not start the refund."),
            );
          }
        }
        const [withdrawal] = (await listWithdrawals(db, userId, 20)).filter((item) => item.id === withdrawalId);
        const awaitsSandbox =
          config.paymentProvider === "sandbox" && withdrawal!.parts.some((part) => part.kind === "refund" && part.status === "pending");
        return { withdrawal: withdrawal!, sandboxUrl: awaitsSandbox ? `${options.origin()}/sandbox/refunds/${withdrawalId}` : null };
      },
    );

    s.get("/api/user-wallet/statement", { schema: { response: { 200: StatementResponse, ...errorAnswers } } }, async (request) => ({
      months: await statementMonths(db, signedInUser(request).id, clock()),
    }));

    s.get("/api/user-wallet/statement.csv", async (request, reply) => {
      const months = await statementMonths(db, signedInUser(request).id, clock());
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="pennybid-statement-${months[0]?.month ?? "months"}.csv"`)
        .header("cache-control", "no-store")
        .send(statementCsv(months));
    });
  });

  await app.register(async (operators) => {
    operators.addHook("onRequest", refuseNonOperators(config.sessionSecret));
    const s = operators.withTypeProvider<ZodTypeProvider>();

    s.get(
      "/api/operator/payouts",
      { schema: { querystring: PayoutsQuery, response: { 200: OperatorPayoutList, ...errorAnswers } } },
      async (request) => ({
        items: await listPayouts(db, request.query.status),
      }),
    );

    s.post(
      "/api/operator/payouts/:payoutId",
      { schema: { params: PayoutIdParams, body: SettlePayoutBody, response: { 200: OperatorPayoutList, ...errorAnswers } } },
      async (request) => {
        const body = request.body;
        const settled = await settlePayout(db, {
          payoutId: request.params.payoutId,
          outcome: body.outcome,
          reason: body.outcome === "refused" ? body.reason : undefined,
          actor: actingOperator(request),
          now: clock(),
        });
        await notices.settled(settled);
        return { items: await listPayouts(db, "pending") };
      },
    );
  });
}
