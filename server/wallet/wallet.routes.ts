// The signed-in user's wallet: the balance and a page of its history (SPEC.md §7).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { TransactionsQuery, TransactionsResponse, WalletResponse } from "../../contract";
import { refuseSignedOut, signedInUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { errorAnswers } from "../http/errors";
import { balanceCents, listTransactions } from "./wallet.service";

export const TRANSACTIONS_PAGE_SIZE = 20;

export async function walletRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;
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
      const { items, total } = await listTransactions(db, signedInUser(request).id, { limit: TRANSACTIONS_PAGE_SIZE, offset });
      return { items, total, page, pageSize: TRANSACTIONS_PAGE_SIZE };
    },
  );
}
