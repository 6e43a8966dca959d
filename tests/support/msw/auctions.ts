// Auctions as a bidder reads and acts on them: Home's searched lists, their own enrolments, favourites and auto-bids,
// and setting an auto-bid.
import { HttpResponse, http } from "msw";
import type {
  AuctionDetail,
  AutoBidBody,
  EnrolmentEligibility,
  FairnessFigures,
  MyAuctionsResponse,
  SearchAuctionsResponse,
  UsualCost,
} from "../../../contract";

/** GET /api/auctions/mine: nothing entered, favoured or set unless `change` says otherwise. */
export const mine = (change: Partial<MyAuctionsResponse> = {}) =>
  http.get("/api/auctions/mine", () =>
    HttpResponse.json<MyAuctionsResponse>({ enrolledIds: [], favouriteIds: [], autoBids: {}, ...change }),
  );

/** PUT /api/auctions/{id}/auto-bid: taken (the server answers the maximum it set), or `answer`'s refusal. */
export const setAutoBid = (auctionId: number, answer?: () => Response) =>
  http.put(
    `/api/auctions/${auctionId}/auto-bid`,
    async ({ request }) => answer?.() ?? HttpResponse.json((await request.json()) as AutoBidBody),
  );

/**
 * POST /api/auctions/search (the filters in the body): what `answer` holds at each read, so a test may change it
 * between reads.
 */
export const search = (answer: () => SearchAuctionsResponse) => http.post("/api/auctions/search", () => HttpResponse.json(answer()));

/** GET /api/auctions/{id}/usual-cost: what an auction of its product usually costs (decision 100). */
export const usualCost = (auctionId: number, answer: UsualCost) =>
  http.get(`/api/auctions/${auctionId}/usual-cost`, () => HttpResponse.json(answer));

/** GET /api/auctions/{id}/fairness: the figures `answer` holds at each read, so a test may change them between reads. */
export const fairness = (auctionId: number, answer: () => FairnessFigures) =>
  http.get(`/api/auctions/${auctionId}/fairness`, () => HttpResponse.json(answer()));

/** GET /api/auctions/{id}: the auction `answer` holds at each read, so a test may change it between reads. */
export const detail = (auctionId: number, answer: () => AuctionDetail) =>
  http.get(`/api/auctions/${auctionId}`, () => HttpResponse.json(answer()));

/** GET /api/auctions/{id}/eligibility: the signed-in bidder may enter, unless `refusal` says why not. */
export const eligibility = (auctionId: number, refusal: EnrolmentEligibility["refusal"] = null) =>
  http.get(`/api/auctions/${auctionId}/eligibility`, () => HttpResponse.json<EnrolmentEligibility>({ refusal }));

/**
 * What an auction's page reads beside the auction, as a new product's fresh auction has them: too little history to
 * say what it usually costs, the bidder free to enter, `bids` counted (give the auction's bid count, or the page asks the
 * figures again until they have counted what its feed has). Its product's reviews: reviews.ofProduct.
 */
export const besideDetail = (auctionId: number, bids = 0) => [
  usualCost(auctionId, { windowDays: 90, minAuctions: 5, auctions: 0, figures: null }),
  eligibility(auctionId),
  fairness(auctionId, () => ({
    auctionId,
    status: "Running",
    entrants: 0,
    distinctBidders: bids > 0 ? 1 : 0,
    bids,
    autoBids: 0,
    autoBidShare: null,
    genesisHash: "0".repeat(64),
    headHash: "0".repeat(64),
    finalHash: null,
    staffBidders: 0,
    demoBidders: 0,
    feesBackCents: 0,
  })),
];

/** POST /api/auctions/{id}/bids: `answer` (a placed bid, a refusal, or `HttpResponse.error()` for no network). */
export const placeBid = (auctionId: number, answer: () => Response) => http.post(`/api/auctions/${auctionId}/bids`, answer);

/** PUT /api/favourites/{id}: taken, the answer saying what the page asked for. */
export const favourite = (auctionId: number) =>
  http.put(`/api/favourites/${auctionId}`, async ({ request }) => HttpResponse.json((await request.json()) as { isFavourite: boolean }));

/** POST /api/auctions/{id}/enrol: enrolled for `feeCents`, the wallet left at `balance` euros; or `answer`'s refusal. */
export const enrol = (
  auctionId: number,
  { feeCents, balance }: { feeCents: number; balance: number },
  answer?: () => Response | Promise<Response>,
) => http.post(`/api/auctions/${auctionId}/enrol`, () => answer?.() ?? HttpResponse.json({ feeCents, balance }));
