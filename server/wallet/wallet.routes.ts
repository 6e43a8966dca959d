import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { WalletResponse } from "../../contract";
import { requireUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { balanceCents } from "./wallet.service";

export async function walletRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  // SPEC.md §7 shows the balance in euros; cents stay inside.
  app.withTypeProvider<ZodTypeProvider>().get("/api/user-wallet", { schema: { response: { 200: WalletResponse } } }, async (request) => {
    const user = requireUser(request);
    return { balance: (await balanceCents(options.db, user.id)) / 100 };
  });
}
