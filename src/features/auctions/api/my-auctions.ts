// What the signed-in bidder has to do with auctions: enrolled and favourite ids; enrol, bid and favourite commands.
// Commands go over the socket when it is up (acks), over REST otherwise.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTexts } from "../../../hooks/use-texts";
import type { BidOutcome } from "../../../../machines/running-auction.machine";
import { showToast } from "../../../components/ui/toast";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { rereadIfInFlight } from "../../../lib/query-client";
import { amountText } from "../../../lib/format";
import { isSocketConnected, loadSocket } from "../../../lib/socket";
import { useUser } from "../../auth";
import { missingAmount, requestAddFunds, setKnownBalance, walletQueryOptions } from "../../wallet";
import { useRefusalText } from "../enrolment-rules";
import { auctionSchema } from "./schemas";

// Home's cards use these: the schemas (and zod) load with the first request or command, not before the first paint.
const socketSchemas = () => import("../../../../contract/socket");

export const myAuctionsQueryOptions = queryOptions({
  queryKey: ["auctions", "mine"],
  queryFn: ({ signal }) => apiRequest("/api/auctions/mine", { schema: auctionSchema("MyAuctionsResponse"), signal }),
  retry: false,
});

export function useMyAuctions() {
  const { data: user } = useUser();
  return useQuery({ ...myAuctionsQueryOptions, enabled: user?.isAuthenticated === true });
}

const SOCKET_TIMEOUT_MS = 5000;

function unwrap<T>(answer: { data: T } | { error: { code: string; message: string; values?: Record<string, number> | undefined } }): T {
  if ("data" in answer) return answer.data;
  throw new ApiError(409, answer.error.code as ApiError["code"], answer.error.message, [], answer.error.values);
}

async function enrolIn(auctionId: number) {
  if (isSocketConnected()) {
    const [answer, { EnrolAck }] = await Promise.all([
      loadSocket().then((socket) => socket.timeout(SOCKET_TIMEOUT_MS).emitWithAck("auction:enrol", { auctionId })),
      socketSchemas(),
    ]);
    return unwrap(EnrolAck.parse(answer));
  }
  return apiRequest(`/api/auctions/${auctionId}/enrol`, {
    method: "POST",
    body: {},
    schema: auctionSchema("EnrolResponse"),
  });
}

/**
 * A bid, as the running-auction machine's `placeBid` actor needs it: refusals are outcomes, not errors. Offline, it is
 * not sent (nor kept to send later: a bid is worth its moment) and fails at once, as a request that found no network.
 */
export async function placeBid(auctionId: number): Promise<BidOutcome> {
  if (!navigator.onLine) return { ok: false, code: "NETWORK", message: "" };
  try {
    const bid = isSocketConnected()
      ? await Promise.all([
          loadSocket().then((socket) => socket.timeout(SOCKET_TIMEOUT_MS).emitWithAck("bid:place", { auctionId })),
          socketSchemas(),
        ]).then(([answer, { BidAck }]) => unwrap(BidAck.parse(answer)))
      : await apiRequest(`/api/auctions/${auctionId}/bids`, {
          method: "POST",
          body: {},
          schema: auctionSchema("BidResponse"),
        });
    return { ok: true, priceCents: bid.priceCents };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, code: error.code, message: error.message };
    return { ok: false, code: "BID_FAILED", message: "" };
  }
}

/**
 * Whether the signed-in bidder may enrol in this auction now, as the server's rules judge it (win limits, beginner
 * auctions, locked enrolment…): null, or the refusal enrolling would get. Asked only while it could matter.
 */
export function useEnrolmentEligibility(auctionId: number, enabled: boolean) {
  const { data: user } = useUser();
  return useQuery({
    queryKey: ["auctions", "eligibility", auctionId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/auctions/${auctionId}/eligibility`, { schema: auctionSchema("EnrolmentEligibility"), signal }),
    enabled: enabled && user?.isAuthenticated === true,
    retry: false,
    staleTime: 30_000,
  });
}

/** Enrol, with its answer as a toast; a short wallet is offered Add funds with the missing amount filled in. */
export function useEnrol({ minPreviousEntries, entryFeeCents }: { minPreviousEntries: number; entryFeeCents: number }) {
  const { t } = useTexts();
  const refusalText = useRefusalText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolIn,
    onSuccess: async (result, auctionId) => {
      queryClient.setQueryData(
        myAuctionsQueryOptions.queryKey,
        (mine) => mine && { ...mine, enrolledIds: [...mine.enrolledIds, auctionId] },
      );
      rereadIfInFlight(queryClient, myAuctionsQueryOptions.queryKey);
      // An enrolment counts towards the win limits: what other auction pages said may have changed.
      void queryClient.invalidateQueries({ queryKey: ["auctions", "eligibility"] });
      // The auction's fairness figures count one more entrant.
      void queryClient.invalidateQueries({ queryKey: ["auctions", "fairness", auctionId] });
      showToast(
        "success",
        result.feeCents > 0 ? t("auction.enrolled", { amount: amountText(result.feeCents) }) : t("auction.enrolledFree"),
      );
      if (result.balance !== null) await setKnownBalance(queryClient, result.balance);
    },
    onError: async (error) => {
      const code = error instanceof ApiError ? error.code : "BID_FAILED";
      // An account older than the question tells its date of birth first: the enrol button asks in a dialog.
      if (code === "DATE_OF_BIRTH_REQUIRED") return;
      const message = refusalText(code, { minPreviousEntries, ...(error instanceof ApiError ? error.values : {}) });
      // Whatever the rules said before, the server has answered now: the page's notice follows.
      void queryClient.invalidateQueries({ queryKey: ["auctions", "eligibility"] });
      if (code !== "NOT_ENOUGH_FUNDS") return showToast("error", message);
      // The balance as the server has it now: the page may not have read the wallet yet, or read it before a top-up.
      const wallet = await queryClient
        .fetchQuery({ ...walletQueryOptions, staleTime: 0 })
        .catch(() => queryClient.getQueryData(walletQueryOptions.queryKey));
      const amount = missingAmount(entryFeeCents, wallet?.balance);
      showToast("error", message, { action: { label: t("wallet.addAmount", { amount }), onSelect: () => requestAddFunds(amount) } });
    },
  });
}

export function useToggleFavourite() {
  const { t } = useTexts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ auctionId, isFavourite }: { auctionId: number; isFavourite: boolean }) =>
      apiRequest(`/api/favourites/${auctionId}`, {
        method: "PUT",
        body: { isFavourite },
        schema: auctionSchema("FavouriteBody"),
      }),
    onSuccess: (result, { auctionId }) => {
      queryClient.setQueryData(
        myAuctionsQueryOptions.queryKey,
        (mine) =>
          mine && {
            ...mine,
            favouriteIds: result.isFavourite
              ? [...new Set([...mine.favouriteIds, auctionId])]
              : mine.favouriteIds.filter((id) => id !== auctionId),
          },
      );
      rereadIfInFlight(queryClient, myAuctionsQueryOptions.queryKey);
      void queryClient.invalidateQueries({ queryKey: ["auctions", "favourites"] });
    },
    onError: () => showToast("error", t("errors.INTERNAL")),
  });
}
