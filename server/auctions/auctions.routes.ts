// Auction routes: search and detail for everyone; enrol and bid for signed-in bidders (REST, beside the socket).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AuctionIdParams,
  AuctionDetail,
  auctionErrorMessages,
  AuctionListResponse,
  AutoBidBody,
  BidChainResponse,
  FavouriteBody,
  MyAuctionsResponse,
  BidResponse,
  EnrolResponse,
  EnrolmentEligibility,
  FairnessFigures,
  UsualCost,
  SearchAuctionsBody,
  SearchAuctionsResponse,
  spendLimitErrorMessages,
  WinLimitsResponse,
} from "../../contract";
import { refuseSignedOut, signedInUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { errorAnswers, HttpError } from "../http/errors";
import { requestLanguage } from "../http/language";
import { auctionDetail, bidChain, searchPage } from "./auctions.queries";
import type { WinLimits } from "./enrolment-rules";
import { bidAnswer, enrolAnswer, type AuctionCommands } from "./auction-commands";
import { cachedFairnessFigures } from "./fairness.queries";
import { myAuctions, personalList, setFavourite, type PersonalList } from "./my-auctions.service";

export async function auctionsRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    commands: AuctionCommands;
    winLimits: WinLimits;
    /** What an auction's product usually costs, kept a while (the page's first screen asks the same). */
    usualCost: (auctionId: number) => Promise<UsualCost | null>;
  },
): Promise<void> {
  const { db, commands } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auctions/search",
    { schema: { body: SearchAuctionsBody, response: { 200: SearchAuctionsResponse, ...errorAnswers } } },
    async (request) => {
      const { status, query, sort, freeEntry, page, pageSize } = request.body;
      const language = requestLanguage(request);
      return searchPage(db, { status, language, query, sort, freeEntry, pageSize, offset: request.body.offset ?? (page - 1) * pageSize });
    },
  );

  r.get(
    "/api/auctions/:auctionId",
    { schema: { params: AuctionIdParams, response: { 200: AuctionDetail, ...errorAnswers } } },
    async (request) => {
      const detail = await auctionDetail(db, request.params.auctionId, requestLanguage(request));
      if (!detail) throw new HttpError(404, "NOT_FOUND", "No such auction.");
      return detail;
    },
  );

  r.get("/api/win-limits", { schema: { response: { 200: WinLimitsResponse, ...errorAnswers } } }, async () => options.winLimits);

  r.get(
    "/api/auctions/:auctionId/chain",
    { schema: { params: AuctionIdParams, response: { 200: BidChainResponse, ...errorAnswers } } },
    async (request) => {
      const chain = await bidChain(db, request.params.auctionId);
      if (!chain) throw new HttpError(404, "NOT_FOUND", "No such auction.");
      return chain;
    },
  );

  const fairness = cachedFairnessFigures(db);
  r.get(
    "/api/auctions/:auctionId/fairness",
    { schema: { params: AuctionIdParams, response: { 200: FairnessFigures, ...errorAnswers } } },
    async (request) => {
      const figures = await fairness(request.params.auctionId);
      if (!figures) throw new HttpError(404, "NOT_FOUND", "No such auction.");
      return figures;
    },
  );

  const { usualCost } = options;
  r.get(
    "/api/auctions/:auctionId/usual-cost",
    { schema: { params: AuctionIdParams, response: { 200: UsualCost, ...errorAnswers } } },
    async (request) => {
      const figures = await usualCost(request.params.auctionId);
      if (!figures) throw new HttpError(404, "NOT_FOUND", "No such auction.");
      return figures;
    },
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("preHandler", refuseSignedOut);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.get("/api/auctions/mine", { schema: { response: { 200: MyAuctionsResponse, ...errorAnswers } } }, async (request) =>
      myAuctions(db, signedInUser(request).id),
    );

    const personalLists: [path: string, list: PersonalList][] = [
      ["/api/auctions/my-active", "active"],
      ["/api/auctions/won", "won"],
      ["/api/favourites", "favourites"],
    ];
    for (const [path, list] of personalLists) {
      s.get(path, { schema: { response: { 200: AuctionListResponse, ...errorAnswers } } }, async (request) => ({
        items: await personalList(db, list, signedInUser(request).id, requestLanguage(request)),
      }));
    }

    s.put(
      "/api/favourites/:auctionId",
      { schema: { params: AuctionIdParams, body: FavouriteBody, response: { 200: FavouriteBody, ...errorAnswers } } },
      async (request) => {
        const { isFavourite } = request.body;
        if (!(await setFavourite(db, signedInUser(request).id, request.params.auctionId, isFavourite))) {
          throw new HttpError(404, "NOT_FOUND", "No such auction.");
        }
        return { isFavourite };
      },
    );

    s.put(
      "/api/auctions/:auctionId/auto-bid",
      { schema: { params: AuctionIdParams, body: AutoBidBody, response: { 200: AutoBidBody, ...errorAnswers } } },
      async (request) => {
        await commands.setAutoBid(signedInUser(request).id, request.params.auctionId, request.body.maxPriceCents);
        return request.body;
      },
    );

    s.get(
      "/api/auctions/:auctionId/eligibility",
      { schema: { params: AuctionIdParams, response: { 200: EnrolmentEligibility, ...errorAnswers } } },
      async (request) => {
        const refusal = await commands.eligibility(signedInUser(request).id, request.params.auctionId);
        if (!refusal) return { refusal: null };
        const { code } = refusal;
        if (code === "AUCTION_STATE_MISSING" || !(code in auctionErrorMessages || code in spendLimitErrorMessages)) {
          throw new HttpError(404, "NOT_FOUND", "No such auction.");
        }
        return { refusal: { code, message: refusal.message, values: refusal.values } };
      },
    );

    s.post(
      "/api/auctions/:auctionId/enrol",
      { schema: { params: AuctionIdParams, response: { 200: EnrolResponse, ...errorAnswers } } },
      async (request) => enrolAnswer(await commands.enrol(signedInUser(request).id, request.params.auctionId)),
    );

    s.post(
      "/api/auctions/:auctionId/bids",
      { schema: { params: AuctionIdParams, response: { 200: BidResponse, ...errorAnswers } } },
      async (request) => bidAnswer(await commands.bid(signedInUser(request).id, request.params.auctionId)),
    );
  });
}
