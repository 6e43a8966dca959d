// Top-ups and the wallet's history; the balance follows the live feed.
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { CreatePaymentResponse, PaymentView, TransactionsResponse, WalletUpdated, storageKeys, type Language } from "../../../../contract";
import { useLanguage } from "../../../hooks/use-language";
import { apiRequest } from "../../../lib/api-client";
import { currentLanguage } from "../../../lib/i18n";
import { catchUp } from "../../../lib/query-client";
import { onSocket } from "../../../lib/socket";
import { readStored, writeStored } from "../../../lib/storage";
import { setKnownBalance } from "./get-wallet";

export const createPayment = (amount: number) =>
  apiRequest("/api/payments", { method: "POST", body: { amount, language: currentLanguage() }, schema: CreatePaymentResponse });

/** SPEC.md §4: remember the payment and where the user was, then go to the provider's checkout. */
export function goToCheckout(checkoutUrl: string, paymentId: string, origin: string): void {
  writeStored(storageKeys.paymentId, paymentId);
  writeStored(storageKeys.paymentOrigin, origin);
  window.location.assign(checkoutUrl);
}

export const storedPaymentId = () => readStored(storageKeys.paymentId);
export const storedPaymentOrigin = () => readStored(storageKeys.paymentOrigin);

export const paymentQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: ["payments", paymentId],
    queryFn: ({ signal }) => apiRequest(`/api/payments/${paymentId}`, { schema: PaymentView, signal }),
    retry: false,
    // A confirmation may still be on its way: ask again while the payment is pending.
    refetchInterval: (query) => (query.state.data?.status === "pending" ? 1500 : false),
  });

/**
 * A page of the history in `language`: the server writes each line and title in it (decision 084), so the language is
 * in the key, and a switch of language reads the page again.
 */
export const transactionsQueryOptions = (page: number, language: Language) =>
  queryOptions({
    queryKey: ["wallet", "transactions", language, page],
    queryFn: ({ signal }) => apiRequest(`/api/user-wallet/transactions?page=${page}`, { schema: TransactionsResponse, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The balance (and history) move when the server says so: after enrolments, payments, top-ups and withdrawals. */
export function useLiveWallet(isSignedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn) return;
    const onUpdate = (raw: unknown) => {
      const parsed = WalletUpdated.safeParse(raw);
      if (!parsed.success) return;
      void setKnownBalance(queryClient, parsed.data.balance);
      void catchUp(queryClient, ["wallet", "transactions"]);
      // A withdrawal's state and the statement move with the balance (decision 090).
      void catchUp(queryClient, ["wallet", "withdrawals"]);
      void catchUp(queryClient, ["wallet", "statement"]);
    };
    return onSocket((socket) => {
      socket.on("wallet:updated", onUpdate);
      return () => socket.off("wallet:updated", onUpdate);
    });
  }, [isSignedIn, queryClient]);
}

export function useTransactions(page: number) {
  return useQuery(transactionsQueryOptions(page, useLanguage()));
}

/** The same history as one growing list (phones): "Show more" fetches the next page. */
export const transactionListQueryOptions = (language: Language) =>
  infiniteQueryOptions({
    queryKey: ["wallet", "transactions", "list", language],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/user-wallet/transactions?page=${pageParam}`, { schema: TransactionsResponse, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    retry: false,
  });

export function useTransactionList() {
  return useInfiniteQuery(transactionListQueryOptions(useLanguage()));
}
