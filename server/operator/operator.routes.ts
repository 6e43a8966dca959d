// The operator API: signed-in operators (role on the account) or the ops CLI on the same machine (the local key).
// Everyone else gets 401/403. Each change is told to the live feed, so open pages follow it at once.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AuctionActionBody,
  AuctionIdParams,
  AuditLogPage,
  AuditLogQuery,
  CancelAuctionResponse,
  CreateAuctionBody,
  CreateUserBody,
  MediaIdParams,
  OperatorAuction,
  OperatorAuctionDetail,
  OperatorAuctionList,
  OperatorAuctionsQuery,
  OperatorOverview,
  OperatorSystem,
  OperatorUserBids,
  OperatorUserEnrolments,
  OperatorUserPurchases,
  OperatorUserSessions,
  OperatorUserTransactions,
  OperatorUserWins,
  SignOutEverywhereResponse,
  UserListQuery,
  OperatorUser,
  OperatorUserDetail,
  OperatorUserList,
  OperatorUsersQuery,
  SetRoleBody,
  TimeLeftBody,
  UpdateAuctionBody,
  UserRefParams,
  WalletAdjustmentBody,
} from "../../contract";
import type { Database } from "../db/database";
import { errorAnswers, HttpError } from "../http/errors";
import { requestLanguage } from "../http/language";
import type { DomainEvents } from "../events/domain-events";
import type { SessionSockets } from "../realtime/socket";
import { backupArchive, BackupError } from "../db/backup";
import { OPS_CLI_ACTOR } from "../audit/operator-actions";
import { actingOperator, refuseNonOperators } from "../accounts/operator-auth";
import { auditLogPage } from "./audit-log";
import { publishChanges, type Changes } from "./publish-changes";
import { systemView, type Heartbeat } from "./system";
import * as operator from ".";

/** An action's body is optional: the ops CLI sends none; the back office sends the `seq` it showed. */
const OptionalActionBody = AuctionActionBody.nullish();

export async function operatorRoutes(
  app: FastifyInstance,
  options: { db: Database; events: DomainEvents; sockets: SessionSockets; clock: () => Date; sessionSecret: string; heartbeat: Heartbeat },
): Promise<void> {
  const { db, events, clock } = options;
  const auctionAfter = async (id: number, changes: Changes) => {
    await publishChanges(events, changes);
    return operator.getAuction(db, id);
  };

  // Who acts is settled before the body is even read: a stranger hears 401/403, never a validation answer.
  await app.register(async (operators) => {
    operators.addHook("onRequest", refuseNonOperators(options.sessionSecret));
    const s = operators.withTypeProvider<ZodTypeProvider>();

    // A backup of the embedded database, for the ops CLI on this machine only (decision 088): the whole database,
    // password hashes and all, never leaves for a browser's session.
    operators.post("/api/operator/backup", { schema: { response: errorAnswers } }, async (request, reply) => {
      if (actingOperator(request) !== OPS_CLI_ACTOR)
        throw new HttpError(403, "FORBIDDEN", "Backups are taken with the ops CLI on the server's machine.");
      const started = performance.now();
      const archive = await backupArchive(db).catch((error: unknown) => {
        throw error instanceof BackupError ? new HttpError(409, "CONFLICT", error.message) : error;
      });
      request.log.info({ bytes: archive.length, ms: Math.round(performance.now() - started) }, "backup taken by the ops CLI");
      return reply.header("Content-Type", "application/gzip").header("Cache-Control", "no-store").send(archive);
    });

    s.get("/api/operator/overview", { schema: { response: { 200: OperatorOverview, ...errorAnswers } } }, async () =>
      operator.operatorOverview(db),
    );

    // Every process heard from lately, and the database as it answers now (decision 089).
    s.get("/api/operator/system", { schema: { response: { 200: OperatorSystem, ...errorAnswers } } }, async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return systemView(db, options.heartbeat);
    });

    s.get(
      "/api/operator/auctions",
      { schema: { querystring: OperatorAuctionsQuery, response: { 200: OperatorAuctionList, ...errorAnswers } } },
      async (request) => operator.auctionPage(db, request.query),
    );

    s.get(
      "/api/operator/auctions/:auctionId",
      { schema: { params: AuctionIdParams, response: { 200: OperatorAuctionDetail, ...errorAnswers } } },
      async (request) => operator.auctionDetail(db, request.params.auctionId),
    );

    // Images travel as data URLs, so this one body may be large.
    s.post(
      "/api/operator/auctions",
      { bodyLimit: 12 * 1024 * 1024, schema: { body: CreateAuctionBody, response: { 201: OperatorAuction, ...errorAnswers } } },
      async (request, reply) => {
        const auction = await operator.createAuction(db, clock(), actingOperator(request), request.body);
        await events.publish("auctions:changed", { auctionIds: [auction.id] });
        return reply.status(201).send(auction);
      },
    );

    // A draft's pictures may come as data URLs here too.
    s.patch(
      "/api/operator/auctions/:auctionId",
      {
        bodyLimit: 12 * 1024 * 1024,
        schema: { params: AuctionIdParams, body: UpdateAuctionBody, response: { 200: OperatorAuctionDetail, ...errorAnswers } },
      },
      async (request) => {
        const id = request.params.auctionId;
        await publishChanges(events, await operator.updateDraft(db, actingOperator(request), id, request.body));
        return operator.auctionDetail(db, id);
      },
    );

    s.post(
      "/api/operator/auctions/:auctionId/publish",
      { schema: { params: AuctionIdParams, body: OptionalActionBody, response: { 200: OperatorAuction, ...errorAnswers } } },
      async (request) => {
        const id = request.params.auctionId;
        return auctionAfter(id, await operator.publishAuction(db, clock(), actingOperator(request), id, request.body?.seq));
      },
    );

    s.post(
      "/api/operator/auctions/:auctionId/cancel",
      { schema: { params: AuctionIdParams, body: OptionalActionBody, response: { 200: CancelAuctionResponse, ...errorAnswers } } },
      async (request) => {
        const id = request.params.auctionId;
        const { refunds, ...changes } = await operator.cancelAuction(db, actingOperator(request), id, request.body?.seq);
        return { auction: await auctionAfter(id, changes), refunds };
      },
    );

    s.post(
      "/api/operator/auctions/:auctionId/start-now",
      { schema: { params: AuctionIdParams, body: OptionalActionBody, response: { 200: OperatorAuction, ...errorAnswers } } },
      async (request) => {
        const id = request.params.auctionId;
        return auctionAfter(id, await operator.startNow(db, clock(), actingOperator(request), id, request.body?.seq));
      },
    );

    s.post(
      "/api/operator/auctions/:auctionId/end-now",
      { schema: { params: AuctionIdParams, body: OptionalActionBody, response: { 200: OperatorAuction, ...errorAnswers } } },
      async (request) => {
        const id = request.params.auctionId;
        return auctionAfter(id, await operator.endNow(db, clock(), actingOperator(request), id, request.body?.seq));
      },
    );

    s.post(
      "/api/operator/auctions/:auctionId/manual-only",
      { schema: { params: AuctionIdParams, body: OptionalActionBody, response: { 200: OperatorAuction, ...errorAnswers } } },
      async (request) => {
        const id = request.params.auctionId;
        return auctionAfter(id, await operator.makeManualOnly(db, actingOperator(request), id, request.body?.seq));
      },
    );

    s.post(
      "/api/operator/auctions/:auctionId/time-left",
      { schema: { params: AuctionIdParams, body: TimeLeftBody, response: { 200: OperatorAuction, ...errorAnswers } } },
      async (request) => {
        const id = request.params.auctionId;
        const { seconds, seq } = request.body;
        return auctionAfter(
          id,
          await operator.setTimeLeft(db, clock(), actingOperator(request), id, seconds, {
            statuses: ["New", "Waiting", "Running"],
            what: "retimed",
            seq,
          }),
        );
      },
    );

    s.get(
      "/api/operator/users",
      { schema: { querystring: OperatorUsersQuery, response: { 200: OperatorUserList, ...errorAnswers } } },
      async (request) => {
        const { search, isDemo, limit, offset } = request.query;
        return operator.userPage(db, { search, isDemo: isDemo === undefined ? undefined : isDemo === "true", limit, offset });
      },
    );

    s.post(
      "/api/operator/users",
      { schema: { body: CreateUserBody, response: { 201: OperatorUser, ...errorAnswers } } },
      async (request, reply) => reply.status(201).send(await operator.createUser(db, actingOperator(request), request.body)),
    );

    s.get(
      "/api/operator/users/:user",
      { schema: { params: UserRefParams, response: { 200: OperatorUserDetail, ...errorAnswers } } },
      async (request) => operator.userDetail(db, request.params.user, requestLanguage(request)),
    );

    // A user's lists, a page at a time.
    const page = { params: UserRefParams, querystring: UserListQuery };
    s.get(
      "/api/operator/users/:user/transactions",
      { schema: { ...page, response: { 200: OperatorUserTransactions, ...errorAnswers } } },
      async (request) => operator.userTransactions(db, request.params.user, request.query, requestLanguage(request)),
    );
    s.get(
      "/api/operator/users/:user/enrolments",
      { schema: { ...page, response: { 200: OperatorUserEnrolments, ...errorAnswers } } },
      async (request) => operator.userEnrolments(db, request.params.user, request.query, requestLanguage(request)),
    );
    s.get(
      "/api/operator/users/:user/bids",
      { schema: { ...page, response: { 200: OperatorUserBids, ...errorAnswers } } },
      async (request) => operator.userBids(db, request.params.user, request.query, requestLanguage(request)),
    );
    s.get(
      "/api/operator/users/:user/wins",
      { schema: { ...page, response: { 200: OperatorUserWins, ...errorAnswers } } },
      async (request) => operator.userWins(db, request.params.user, request.query, requestLanguage(request)),
    );
    s.get(
      "/api/operator/users/:user/purchases",
      { schema: { ...page, response: { 200: OperatorUserPurchases, ...errorAnswers } } },
      async (request) => operator.userPurchases(db, request.params.user, request.query, requestLanguage(request)),
    );
    s.get(
      "/api/operator/users/:user/sessions",
      { schema: { ...page, response: { 200: OperatorUserSessions, ...errorAnswers } } },
      async (request) => operator.userSessions(db, request.params.user, request.query),
    );

    // Ends the user's sessions and their sockets on every process (through the adapter, with Redis).
    s.post(
      "/api/operator/users/:user/sign-out-everywhere",
      { schema: { params: UserRefParams, response: { 200: SignOutEverywhereResponse, ...errorAnswers } } },
      async (request) => {
        const { userId, ended } = await operator.signOutEverywhere(db, actingOperator(request), request.params.user);
        options.sockets.endUser(userId);
        return { ended };
      },
    );

    s.post(
      "/api/operator/users/:user/wallet",
      { schema: { params: UserRefParams, body: WalletAdjustmentBody, response: { 200: OperatorUser, ...errorAnswers } } },
      async (request) => {
        const { user, ...changes } = await operator.adjustWallet(db, actingOperator(request), request.params.user, request.body);
        await publishChanges(events, changes);
        return user;
      },
    );

    s.post(
      "/api/operator/users/:user/role",
      { schema: { params: UserRefParams, body: SetRoleBody, response: { 200: OperatorUser, ...errorAnswers } } },
      async (request) => {
        const user = await operator.setRole(db, actingOperator(request), request.params.user, request.body.role);
        // Open sockets carry the role they were opened with: they connect again and carry the new one.
        options.sockets.endUser(user.id);
        return user;
      },
    );

    // The operators' log, read-only: who did what to which auction, user or promo code, when and from where.
    s.get(
      "/api/operator/audit-log",
      { schema: { querystring: AuditLogQuery, response: { 200: AuditLogPage, ...errorAnswers } } },
      async (request) => auditLogPage(db, request.query),
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  // Stored product images, public like the bundled ones; named by their hash, so cached for good.
  r.get("/media/:id", { schema: { params: MediaIdParams } }, async (request, reply) => {
    const media = await operator.readMedia(db, request.params.id);
    if (!media) throw new HttpError(404, "NOT_FOUND", "Not found.");
    return (
      reply
        .header("content-type", media.contentType)
        .header("cache-control", "public, max-age=31536000, immutable")
        // An SVG opened on its own must not run anything.
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(media.bytes)
    );
  });
}
