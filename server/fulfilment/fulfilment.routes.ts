// Won auctions and fulfilment over HTTP: the winner's list, quote and pay; address suggestions; and the operator
// calls (move delivery on, list fulfilments, promo codes). Handlers parse, call one service function, answer,
// then tell the live feed so the winner's open page follows.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AddressQuery,
  AddressSuggestionsResponse,
  AdvanceFulfilmentBody,
  AuctionIdParams,
  CreatePromoCodeBody,
  OperatorFulfilment,
  OperatorFulfilmentList,
  OperatorFulfilmentsQuery,
  PayBody,
  PaymentTimeLeftBody,
  PromoCode,
  PromoCodeList,
  QuoteBody,
  QuoteResponse,
  WonAuction,
  WonAuctionsResponse,
} from "../../contract";
import { requireUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { localOperatorKey, operatorActor } from "../operator/operator.routes";
import type { AuctionFeed } from "../realtime/feed";
import type { AddressProvider } from "./addresses";
import {
  advanceFulfilment,
  getWonAuction,
  listFulfilments,
  listWonAuctions,
  markWinSeen,
  payForWonAuction,
  quotePayment,
  setPaymentTimeLeft,
} from "./fulfilment.service";
import { createPromoCode, listPromoCodes } from "./promo-codes";

// Who may call is checked before the body is: a signed-out caller gets 401 and a bidder 403, whatever they send.
const signedIn = { preValidation: async (request: FastifyRequest) => void requireUser(request) };

export async function fulfilmentRoutes(
  app: FastifyInstance,
  options: { db: Database; feed: AuctionFeed; clock: () => Date; addresses: AddressProvider; sessionSecret: string },
): Promise<void> {
  const { db, feed, clock, addresses } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Operators by their session's role, or the ops CLI on this machine by its local key (as the operator API).
  const localKey = localOperatorKey(options.sessionSecret);
  const actor = (request: FastifyRequest) => operatorActor(request, localKey);
  const operatorsOnly = { preValidation: async (request: FastifyRequest) => void actor(request) };

  r.get("/api/fulfilments", { ...signedIn, schema: { response: { 200: WonAuctionsResponse } } }, async (request) => {
    const user = requireUser(request);
    return listWonAuctions(db, user.id);
  });

  r.get("/api/fulfilments/:auctionId", { ...signedIn, schema: { params: AuctionIdParams, response: { 200: WonAuction } } }, async (request) => {
    const user = requireUser(request);
    return getWonAuction(db, user.id, request.params.auctionId);
  });

  r.post(
    "/api/fulfilments/:auctionId/quote",
    { ...signedIn, schema: { params: AuctionIdParams, body: QuoteBody, response: { 200: QuoteResponse } } },
    async (request) => {
      const user = requireUser(request);
      return quotePayment(db, { userId: user.id, auctionId: request.params.auctionId, promoCode: request.body.promoCode, now: clock() });
    },
  );

  r.post("/api/fulfilments/:auctionId/pay", { ...signedIn, schema: { params: AuctionIdParams, body: PayBody, response: { 200: WonAuction } } }, async (request) => {
    const user = requireUser(request);
    const { wonAuction } = await payForWonAuction(db, { userId: user.id, auctionId: request.params.auctionId, ...request.body, now: clock() });
    await Promise.all([feed.publishFulfilments([wonAuction.auctionId]), feed.publishWallet(user.id)]);
    return wonAuction;
  });

  r.post("/api/fulfilments/:auctionId/seen", { ...signedIn, schema: { params: AuctionIdParams, response: { 200: WonAuction } } }, async (request) => {
    const user = requireUser(request);
    const { wonAuction, hasChanged } = await markWinSeen(db, user.id, request.params.auctionId, clock());
    if (hasChanged) await feed.publishFulfilments([wonAuction.auctionId]);
    return wonAuction;
  });

  r.get("/api/addresses", { ...signedIn, schema: { querystring: AddressQuery, response: { 200: AddressSuggestionsResponse } } }, async (request) => {
    const user = requireUser(request);
    return { items: await addresses.suggest(request.query.q, { language: user.language }) };
  });

  r.get(
    "/api/operator/fulfilments",
    { ...operatorsOnly, schema: { querystring: OperatorFulfilmentsQuery, response: { 200: OperatorFulfilmentList } } },
    async (request) => {
      actor(request);
      return { items: await listFulfilments(db, request.query) };
    },
  );

  r.post(
    "/api/operator/fulfilments/:auctionId/advance",
    { ...operatorsOnly, schema: { params: AuctionIdParams, body: AdvanceFulfilmentBody, response: { 200: OperatorFulfilment } } },
    async (request) => {
      const fulfilment = await advanceFulfilment(db, { auctionId: request.params.auctionId, to: request.body.to, actor: actor(request), now: clock() });
      await feed.publishFulfilments([fulfilment.auctionId]);
      return fulfilment;
    },
  );

  r.post(
    "/api/operator/fulfilments/:auctionId/payment-time-left",
    { ...operatorsOnly, schema: { params: AuctionIdParams, body: PaymentTimeLeftBody, response: { 200: OperatorFulfilment } } },
    async (request) => {
      const fulfilment = await setPaymentTimeLeft(db, { auctionId: request.params.auctionId, seconds: request.body.seconds, actor: actor(request), now: clock() });
      await feed.publishFulfilments([fulfilment.auctionId]);
      return fulfilment;
    },
  );

  r.get("/api/operator/promo-codes", { ...operatorsOnly, schema: { response: { 200: PromoCodeList } } }, async (request) => {
    actor(request);
    return { items: await listPromoCodes(db) };
  });

  r.post("/api/operator/promo-codes", { ...operatorsOnly, schema: { body: CreatePromoCodeBody, response: { 201: PromoCode } } }, async (request, reply) => {
    const promo = await createPromoCode(db, request.body, { actor: actor(request) });
    return reply.status(201).send(promo);
  });
}
