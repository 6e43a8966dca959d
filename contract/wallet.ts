import { z } from "./zod";

/** GET /api/user-wallet: the balance in euros (a number with at most two decimals). */
export const WalletResponse = z.object({ balance: z.number() });
export type WalletResponse = z.infer<typeof WalletResponse>;
