// The back office's auction calls: the list (a status, a search, a page), one auction, a new draft and each lifecycle
// action. Every answer is parsed with the operator contract; every change refreshes the lists and the auction.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  CancelAuctionResponse,
  OperatorAuction,
  OperatorAuctionDetail,
  OperatorAuctionList,
  type AuctionStatus,
  type CreateAuctionBody,
  type UpdateAuctionBody,
} from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

export const AUCTION_PAGE_SIZE = 20;

export type AuctionListFilter = { status: AuctionStatus; search: string; page: number };

const auctionsKey = ["operator", "auctions"] as const;

export const auctionListQuery = ({ status, search, page }: AuctionListFilter) =>
  queryOptions({
    queryKey: [...auctionsKey, "list", { status, search, page }],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ status, limit: String(AUCTION_PAGE_SIZE), offset: String((page - 1) * AUCTION_PAGE_SIZE) });
      if (search.trim()) query.set("search", search.trim());
      return apiRequest(`/api/operator/auctions?${query.toString()}`, { schema: OperatorAuctionList, signal });
    },
    // Operators act on what they see: a list is asked again whenever it shows.
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

export const auctionQuery = (id: number) =>
  queryOptions({
    queryKey: [...auctionsKey, "one", id],
    queryFn: ({ signal }) => apiRequest(`/api/operator/auctions/${id}`, { schema: OperatorAuctionDetail, signal }),
    staleTime: 0,
  });

export function createAuction(body: CreateAuctionBody): Promise<OperatorAuction> {
  return apiRequest("/api/operator/auctions", { method: "POST", body, schema: OperatorAuction });
}

/** A draft changed (New only; the server refuses anything else with CONFLICT). */
export function updateDraft({ id, body }: { id: number; body: UpdateAuctionBody }): Promise<OperatorAuctionDetail> {
  return apiRequest(`/api/operator/auctions/${id}`, { method: "PATCH", body, schema: OperatorAuctionDetail });
}

/** What the operator asks of an auction. */
export type AskedAction = { kind: "publish" | "start-now" | "end-now" | "cancel" | "manual-only" } | { kind: "time-left"; seconds: number };

/** An action with the `seq` of the auction as the operator saw it: the server refuses it if that changed since. */
export type AuctionAction = AskedAction & { seq: number };

/** What an action answers: the auction, and for a cancel the entry fees it gave back. */
export type AuctionActionResult = { auction: OperatorAuction; refunds: CancelAuctionResponse["refunds"] | null };

export async function runAuctionAction(id: number, action: AuctionAction): Promise<AuctionActionResult> {
  const path = `/api/operator/auctions/${id}/${action.kind}`;
  const body = action.kind === "time-left" ? { seq: action.seq, seconds: action.seconds } : { seq: action.seq };
  if (action.kind === "cancel") {
    const { auction, refunds } = await apiRequest(path, { method: "POST", body, schema: CancelAuctionResponse });
    return { auction, refunds };
  }
  return { auction: await apiRequest(path, { method: "POST", body, schema: OperatorAuction }), refunds: null };
}

/**
 * Creating or changing an auction makes every list and this auction's page ask again. The answer (or refusal) is
 * said at once, not after those requests: a refusal is news the operator needs while the page catches up.
 */
export function useAuctionMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: auctionsKey }),
  });
}
