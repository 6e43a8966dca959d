// The signed-in user's wallet: the balance and a page of its history (SPEC.md §7), and the spend limits and pause
// the user sets on it (decision 033).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  SetSpendLimitsBody,
  SpendLimitsResponse,
  StartPauseBody,
  TransactionsQuery,
  TransactionsResponse,
  WalletResponse,
} from "../../contract";
import { refuseSignedOut, signedInUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { errorAnswers } from "../http/errors";
import { requestLanguage } from "../http/language";
import { setSpendLimits, spendLimitsView, startPause } from "./spend-limits";
import { balanceCents, listTransactions } from "./wallet.service";

export const TRANSACTIONS_PAGE_SIZE = 20;

export async function walletRoutes(app: FastifyInstance, options: { db: Database; clock: () => Date }): Promise<void> {
  const { db, clock } = options;
  app.addHook("preHandler", refuseSignedOut);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // SPEC.md §7 shows the balance in euros; cents stay inside.
  r.get("/api/user-wallet", { schema: { response: { 200: WalletResponse, ...errorAnswers } } }, async (request) => ({
    balance: (await balanceCents(db, signedInUser(request).id)) / 100,
  }));

  r.get(
    "/api/user-wallet/transactions",
    { schema: { querystring: TransactionsQuery, response: { 200: TransactionsResponse, ...errorAnswers } } },
    async (request) => {
      const { page } = request.query;
      const offset = (page - 1) * TRANSACTIONS_PAGE_SIZE;
      const { items, total } = await listTransactions(
        db,
        signedInUser(request).id,
        { limit: TRANSACTIONS_PAGE_SIZE, offset },
        requestLanguage(request),
      );
      return { items, total, page, pageSize: TRANSACTIONS_PAGE_SIZE };
    },
  );

  const limitsAnswer = { 200: SpendLimitsResponse, ...errorAnswers };
  r.get("/api/spend-limits", { schema: { response: limitsAnswer } }, async (request) =>
    spendLimitsView(db, signedInUser(request).id, clock()),
  );

  r.put("/api/spend-limits", { schema: { body: SetSpendLimitsBody, response: limitsAnswer } }, async (request) =>
    setSpendLimits(db, signedInUser(request).id, request.body, clock()),
  );

  r.post("/api/spend-limits/pause", { schema: { body: StartPauseBody, response: limitsAnswer } }, async (request) =>
    startPause(db, signedInUser(request).id, request.body.length, clock()),
  );
}
