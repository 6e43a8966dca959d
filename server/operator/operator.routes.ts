// The operator API: signed-in operators (role on the account) or the ops CLI on the same machine (the local key).
// Everyone else gets 401/403. Each change is told to the live feed, so open pages follow it at once.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AuctionIdParams,
  CancelAuctionResponse,
  CreateAuctionBody,
  CreateUserBody,
  MediaIdParams,
  OperatorAuction,
  OperatorAuctionDetail,
  OperatorAuctionList,
  OperatorAuctionsQuery,
  OperatorUser,
  OperatorUserDetail,
  OperatorUserList,
  OperatorUsersQuery,
  SetRoleBody,
  TimeLeftBody,
  UserRefParams,
  WalletAdjustmentBody,
} from "../../contract";
import { requireOperator } from "../accounts/sessions";
import type { Database } from "../db/database";
import { HttpError } from "../http/errors";
import type { AuctionFeed } from "../realtime/feed";
import type { SessionSockets } from "../realtime/socket";
import * as operator from "./operator.service";

/** The key the ops CLI proves itself with: derived from the session secret, which only this machine's files hold. */
export function localOperatorKey(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("pennybid:ops-cli").digest("hex");
}

/** Who is acting: an operator's e-mail, or "ops-cli"; anyone else is refused. */
export function operatorActor(request: FastifyRequest, localKey: string): string {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) {
    const given = Buffer.from(header.slice("Bearer ".length));
    const expected = Buffer.from(localKey);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return "ops-cli";
    throw new HttpError(401, "UNAUTHENTICATED", "The operator key is not valid.");
  }
  return requireOperator(request).email;
}

export async function publishChanges(feed: AuctionFeed, changes: operator.Changes): Promise<void> {
  await Promise.all([
    changes.auctionIds.length > 0 ? feed.publishAuctions(changes.auctionIds) : undefined,
    ...changes.walletUserIds.map((userId) => feed.publishWallet(userId)),
  ]);
}

export async function operatorRoutes(
  app: FastifyInstance,
  options: { db: Database; feed: AuctionFeed; sockets: SessionSockets; clock: () => Date; sessionSecret: string },
): Promise<void> {
  const { db, feed, clock } = options;
  const localKey = localOperatorKey(options.sessionSecret);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Who acts is settled before the body is even read: a stranger hears 401/403, never a validation answer.
  const actors = new WeakMap<FastifyRequest, string>();
  app.addHook("onRequest", async (request) => {
    if (request.url.startsWith("/api/operator/")) actors.set(request, operatorActor(request, localKey));
  });
  const actor = (request: FastifyRequest) => actors.get(request) ?? operatorActor(request, localKey);
  const auctionAfter = async (id: number, changes: operator.Changes) => {
    await publishChanges(feed, changes);
    return operator.getAuction(db, id);
  };

  r.get("/api/operator/auctions", { schema: { querystring: OperatorAuctionsQuery, response: { 200: OperatorAuctionList } } }, async (request) => {
    actor(request);
    return { items: await operator.listAuctions(db, request.query) };
  });

  r.get("/api/operator/auctions/:auctionId", { schema: { params: AuctionIdParams, response: { 200: OperatorAuctionDetail } } }, async (request) => {
    actor(request);
    return operator.auctionDetail(db, request.params.auctionId);
  });

  // Images travel as data URLs, so this one body may be large.
  r.post(
    "/api/operator/auctions",
    { bodyLimit: 12 * 1024 * 1024, schema: { body: CreateAuctionBody, response: { 201: OperatorAuction } } },
    async (request, reply) => {
      const auction = await operator.createAuction(db, clock(), actor(request), request.body);
      await feed.publishAuctions([auction.id]);
      return reply.status(201).send(auction);
    },
  );

  r.post("/api/operator/auctions/:auctionId/publish", { schema: { params: AuctionIdParams, response: { 200: OperatorAuction } } }, async (request) => {
    const id = request.params.auctionId;
    return auctionAfter(id, await operator.publishAuction(db, clock(), actor(request), id));
  });

  r.post("/api/operator/auctions/:auctionId/cancel", { schema: { params: AuctionIdParams, response: { 200: CancelAuctionResponse } } }, async (request) => {
    const id = request.params.auctionId;
    const { refunds, ...changes } = await operator.cancelAuction(db, actor(request), id);
    return { auction: await auctionAfter(id, changes), refunds };
  });

  r.post("/api/operator/auctions/:auctionId/start-now", { schema: { params: AuctionIdParams, response: { 200: OperatorAuction } } }, async (request) => {
    const id = request.params.auctionId;
    return auctionAfter(id, await operator.startNow(db, clock(), actor(request), id));
  });

  r.post("/api/operator/auctions/:auctionId/end-now", { schema: { params: AuctionIdParams, response: { 200: OperatorAuction } } }, async (request) => {
    const id = request.params.auctionId;
    return auctionAfter(id, await operator.endNow(db, clock(), actor(request), id));
  });

  r.post(
    "/api/operator/auctions/:auctionId/time-left",
    { schema: { params: AuctionIdParams, body: TimeLeftBody, response: { 200: OperatorAuction } } },
    async (request) => {
      const id = request.params.auctionId;
      return auctionAfter(id, await operator.setTimeLeft(db, clock(), actor(request), id, request.body.seconds));
    },
  );

  r.get("/api/operator/users", { schema: { querystring: OperatorUsersQuery, response: { 200: OperatorUserList } } }, async (request) => {
    actor(request);
    const { search, isDemo, limit } = request.query;
    return { items: await operator.listUsers(db, { search, isDemo: isDemo === undefined ? undefined : isDemo === "true", limit }) };
  });

  r.post("/api/operator/users", { schema: { body: CreateUserBody, response: { 201: OperatorUser } } }, async (request, reply) =>
    reply.status(201).send(await operator.createUser(db, actor(request), request.body)),
  );

  r.get("/api/operator/users/:user", { schema: { params: UserRefParams, response: { 200: OperatorUserDetail } } }, async (request) => {
    actor(request);
    return operator.userDetail(db, request.params.user);
  });

  r.post(
    "/api/operator/users/:user/wallet",
    { schema: { params: UserRefParams, body: WalletAdjustmentBody, response: { 200: OperatorUser } } },
    async (request) => {
      const { user, ...changes } = await operator.adjustWallet(db, actor(request), request.params.user, request.body);
      await publishChanges(feed, changes);
      return user;
    },
  );

  r.post("/api/operator/users/:user/role", { schema: { params: UserRefParams, body: SetRoleBody, response: { 200: OperatorUser } } }, async (request) => {
    const user = await operator.setRole(db, actor(request), request.params.user, request.body.role);
    // Open sockets carry the role they were opened with: they connect again and carry the new one.
    options.sockets.endUser(user.id);
    return user;
  });

  // Stored product images, public like the bundled ones; named by their hash, so cached for good.
  r.get("/media/:id", { schema: { params: MediaIdParams } }, async (request, reply) => {
    const media = await operator.readMedia(db, request.params.id);
    if (!media) throw new HttpError(404, "NOT_FOUND", "Not found.");
    return reply
      .header("content-type", media.contentType)
      .header("cache-control", "public, max-age=31536000, immutable")
      // An SVG opened on its own must not run anything.
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(media.bytes);
  });
}
