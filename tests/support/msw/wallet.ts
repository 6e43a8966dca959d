// The bidder's wallet: its balance, transactions page by page, spend limits, withdrawals and statement.
import { HttpResponse, http } from "msw";
import type {
  CreatePaymentResponse,
  SpendLimitsResponse,
  StatementResponse,
  WalletTransaction,
  WithdrawalsResponse,
} from "../../../contract";

export const balance = (euros: number) => http.get("/api/user-wallet", () => HttpResponse.json({ balance: euros }));

/** The transactions, newest first, in pages of `pageSize` as the server pages them. */
export const transactions = (all: WalletTransaction[], pageSize = 20) =>
  http.get("/api/user-wallet/transactions", ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
    return HttpResponse.json({ items: all.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: all.length });
  });

const noLimit = { limitCents: null, spentCents: 0, leftCents: null, pending: null };

/** No limits set and no pause, unless `change` says otherwise. */
export const spendLimits = (change: Partial<SpendLimitsResponse> = {}) =>
  http.get("/api/spend-limits", () =>
    HttpResponse.json<SpendLimitsResponse>({
      auction: noLimit,
      topUp: noLimit,
      pausedUntil: null,
      resetsAt: "2030-02-01T00:00:00.000Z",
      ...change,
    }),
  );

/** Nothing withdrawn yet; what may be withdrawn is the balance given. */
export const withdrawals = (change: Partial<WithdrawalsResponse> = {}) =>
  http.get("/api/withdrawals", () =>
    HttpResponse.json<WithdrawalsResponse>({ withdrawableCents: 0, heldCents: 0, refundableCents: 0, items: [], ...change }),
  );

export const statement = (months: StatementResponse["months"] = []) =>
  http.get("/api/user-wallet/statement", () => HttpResponse.json<StatementResponse>({ months }));

/** The whole wallet page of a bidder with `euros` and these transactions, nothing else set. */
export const page = (euros: number, all: WalletTransaction[] = []) => [
  balance(euros),
  transactions(all),
  spendLimits(),
  withdrawals({ withdrawableCents: Math.round(euros * 100) }),
  statement(),
];

/** POST /api/payments (a top-up): the provider's checkout for it, unless `answer` says otherwise. */
export const createPayment = (answer?: () => Response) =>
  http.post(
    "/api/payments",
    () =>
      answer?.() ??
      HttpResponse.json<CreatePaymentResponse>({
        isSuccess: true,
        checkoutUrl: "https://checkout.example/session/1",
        payment: { id: "pay_1" },
        errorMessage: null,
      }),
  );
