// Auctions as a bidder reads and acts on them: Home's searched lists, their own enrolments, favourites and auto-bids,
// and setting an auto-bid.
import { HttpResponse, http } from "msw";
import type { AutoBidBody, FairnessFigures, MyAuctionsResponse, SearchAuctionsResponse, UsualCost } from "../../../contract";

/** GET /api/auctions/mine: nothing entered, favoured or set unless `change` says otherwise. */
export const mine = (change: Partial<MyAuctionsResponse> = {}) =>
  http.get("/api/auctions/mine", () => HttpResponse.json<MyAuctionsResponse>({ enrolledIds: [], favouriteIds: [], autoBids: {}, ...change }));

/** PUT /api/auctions/{id}/auto-bid: taken (the server answers the maximum it set), or `answer`'s refusal. */
export const setAutoBid = (auctionId: number, answer?: () => Response) =>
  http.put(`/api/auctions/${auctionId}/auto-bid`, async ({ request }) => answer?.() ?? HttpResponse.json((await request.json()) as AutoBidBody));

/**
 * POST /api/auctions/search (the filters in the body): what `answer` holds at each read, so a test may change it
 * between reads.
 */
export const search = (answer: () => SearchAuctionsResponse) => http.post("/api/auctions/search", () => HttpResponse.json(answer()));

/** GET /api/auctions/{id}/usual-cost: what an auction of its product usually costs (decision 100). */
export const usualCost = (auctionId: number, answer: UsualCost) => http.get(`/api/auctions/${auctionId}/usual-cost`, () => HttpResponse.json(answer));

/** GET /api/auctions/{id}/fairness: the figures `answer` holds at each read, so a test may change them between reads. */
export const fairness = (auctionId: number, answer: () => FairnessFigures) => http.get(`/api/auctions/${auctionId}/fairness`, () => HttpResponse.json(answer()));
