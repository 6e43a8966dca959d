// Auction routes: search and detail for everyone; enrol and bid for signed-in bidders (REST, beside the socket).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AuctionIdParams,
  AuctionDetail,
  AuctionListResponse,
  AutoBidBody,
  BidChainResponse,
  FavouriteBody,
  MyAuctionsResponse,
  BidResponse,
  EnrolResponse,
  SearchAuctionsBody,
  SearchAuctionsResponse,
} from "../../contract";
import { requireUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { HttpError } from "../http/errors";
import { auctionDetail, auctionStates, auctionStatesInOrder, bidChain, searchAuctions } from "./auctions.queries";
import { bidAnswer, enrolAnswer, type AuctionCommands } from "./auction-commands";

export async function auctionsRoutes(app: FastifyInstance, options: { db: Database; commands: AuctionCommands }): Promise<void> {
  const { db, commands } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post("/api/auctions/search", { schema: { body: SearchAuctionsBody, response: { 200: SearchAuctionsResponse } } }, async (request) => {
    const { status, query, sort, freeEntry, page, pageSize } = request.body;
    const offset = request.body.offset ?? (page - 1) * pageSize;
    const { items, total } = await searchAuctions(db, { status, query, sort, freeEntry, offset, limit: pageSize });
    return { items, page: Math.floor(offset / pageSize) + 1, pageSize, total, offset, hasMore: offset + items.length < total };
  });

  r.get("/api/auctions/mine", { schema: { response: { 200: MyAuctionsResponse } } }, async (request) => {
    const user = requireUser(request);
    const [enrolled, favourites, autoBids] = await Promise.all([
      db.query<{ auction_id: number }>("select auction_id from enrolments where user_id = $1", [user.id]),
      db.query<{ auction_id: number }>("select auction_id from favourites where user_id = $1", [user.id]),
      db.query<{ auction_id: number; max_price_cents: number }>("select auction_id, max_price_cents from auto_bids where user_id = $1", [user.id]),
    ]);
    return {
      enrolledIds: enrolled.map((row) => row.auction_id),
      favouriteIds: favourites.map((row) => row.auction_id),
      autoBids: Object.fromEntries(autoBids.map((row) => [String(row.auction_id), row.max_price_cents])),
    };
  });

  // The signed-in bidder's lists: the SQL picks the auctions and their order, the read model fills them in.
  const personalLists: [path: string, sql: string][] = [
    [
      "/api/auctions/my-active",
      `select e.auction_id as id from enrolments e join auctions a on a.id = e.auction_id
       where e.user_id = $1 and a.status in ('Waiting', 'Running') order by a.status desc, coalesce(a.ends_at, a.starts_at)`,
    ],
    ["/api/auctions/won", "select id from auctions where winner_id = $1 and status = 'Ended' order by ended_at desc"],
    ["/api/favourites", "select auction_id as id from favourites where user_id = $1 order by created_at desc"],
  ];
  for (const [path, sql] of personalLists) {
    r.get(path, { schema: { response: { 200: AuctionListResponse } } }, async (request) => {
      const user = requireUser(request);
      const rows = await db.query<{ id: number }>(sql, [user.id]);
      return { items: await auctionStatesInOrder(db, rows.map((row) => row.id)) };
    });
  }

  r.put(
    "/api/favourites/:auctionId",
    { schema: { params: AuctionIdParams, body: FavouriteBody, response: { 200: FavouriteBody } } },
    async (request) => {
      const user = requireUser(request);
      const { auctionId } = request.params;
      const [state] = await auctionStates(db, [auctionId]);
      if (!state) throw new HttpError(404, "NOT_FOUND", "No such auction.");
      if (request.body.isFavourite) {
        await db.query("insert into favourites (user_id, auction_id) values ($1, $2) on conflict do nothing", [user.id, auctionId]);
      } else {
        await db.query("delete from favourites where user_id = $1 and auction_id = $2", [user.id, auctionId]);
      }
      return { isFavourite: request.body.isFavourite };
    },
  );

  r.get("/api/auctions/:auctionId", { schema: { params: AuctionIdParams, response: { 200: AuctionDetail } } }, async (request) => {
    const detail = await auctionDetail(db, request.params.auctionId);
    if (!detail) throw new HttpError(404, "NOT_FOUND", "No such auction.");
    return detail;
  });

  r.put("/api/auctions/:auctionId/auto-bid", { schema: { params: AuctionIdParams, body: AutoBidBody, response: { 200: AutoBidBody } } }, async (request) => {
    const user = requireUser(request);
    await commands.setAutoBid(user.id, request.params.auctionId, request.body.maxPriceCents);
    return request.body;
  });

  r.get("/api/auctions/:auctionId/chain", { schema: { params: AuctionIdParams, response: { 200: BidChainResponse } } }, async (request) => {
    const chain = await bidChain(db, request.params.auctionId);
    if (!chain) throw new HttpError(404, "NOT_FOUND", "No such auction.");
    return chain;
  });

  r.post("/api/auctions/:auctionId/enrol", { schema: { params: AuctionIdParams, response: { 200: EnrolResponse } } }, async (request) => {
    const user = requireUser(request);
    return enrolAnswer(await commands.enrol(user.id, request.params.auctionId));
  });

  r.post("/api/auctions/:auctionId/bids", { schema: { params: AuctionIdParams, response: { 200: BidResponse } } }, async (request) => {
    const user = requireUser(request);
    return bidAnswer(await commands.bid(user.id, request.params.auctionId));
  });
}
