// Won auctions and fulfilment over HTTP: the winner's list, quote and pay; address suggestions; and the operator
// calls (move delivery on, list fulfilments, a payment's time left; promo codes are promo-codes/promo-codes.routes.ts).
// Handlers parse, call one service function, answer, then tell the live feed so the winner's open page follows.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AddressQuery,
  AddressSuggestionsResponse,
  AdvanceFulfilmentBody,
  AuctionIdParams,
  OperatorFulfilment,
  OperatorFulfilmentList,
  OperatorFulfilmentsQuery,
  PayBody,
  PaymentTimeLeftBody,
  QuoteBody,
  QuoteResponse,
  WonAuction,
  WonAuctionsResponse,
} from "../../contract";
import { refuseSignedOut, signedInUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { errorAnswers } from "../http/errors";
import { actingOperator, refuseNonOperators } from "../accounts/operator-auth";
import type { DomainEvents } from "../events/domain-events";
import type { AddressProvider } from "./addresses";
import { requestLanguage } from "../http/language";
import { getWonAuction, listFulfilments, listWonAuctions } from "./fulfilment.queries";
import { advanceFulfilment, markWinSeen, payForWonAuction, quotePayment, setPaymentTimeLeft } from "../fulfilment/fulfilment.service";

export async function fulfilmentRoutes(
  app: FastifyInstance,
  options: { db: Database; events: DomainEvents; clock: () => Date; addresses: AddressProvider; sessionSecret: string },
): Promise<void> {
  const { db, events, clock, addresses } = options;
  // Who may call is checked before the body is: a signed-out caller gets 401 and a bidder 403, whatever they send.
  await app.register(async (signedIn) => {
    signedIn.addHook("preValidation", refuseSignedOut);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.get("/api/fulfilments", { schema: { response: { 200: WonAuctionsResponse, ...errorAnswers } } }, async (request) => {
      const user = signedInUser(request);
      return listWonAuctions(db, user.id, requestLanguage(request));
    });

    s.get(
      "/api/fulfilments/:auctionId",
      { schema: { params: AuctionIdParams, response: { 200: WonAuction, ...errorAnswers } } },
      async (request) => {
        const user = signedInUser(request);
        return getWonAuction(db, user.id, request.params.auctionId, requestLanguage(request));
      },
    );

    s.post(
      "/api/fulfilments/:auctionId/quote",
      { schema: { params: AuctionIdParams, body: QuoteBody, response: { 200: QuoteResponse, ...errorAnswers } } },
      async (request) => {
        const user = signedInUser(request);
        return quotePayment(db, { userId: user.id, auctionId: request.params.auctionId, promoCode: request.body.promoCode, now: clock() });
      },
    );

    s.post(
      "/api/fulfilments/:auctionId/pay",
      { schema: { params: AuctionIdParams, body: PayBody, response: { 200: WonAuction, ...errorAnswers } } },
      async (request) => {
        const user = signedInUser(request);
        const { wonAuction } = await payForWonAuction(db, {
          userId: user.id,
          auctionId: request.params.auctionId,
          ...request.body,
          now: clock(),
        });
        await Promise.all([
          events.publish("fulfilments:changed", { auctionIds: [wonAuction.auctionId] }),
          events.publish("wallet:changed", { userId: user.id }),
        ]);
        return wonAuction;
      },
    );

    s.post(
      "/api/fulfilments/:auctionId/seen",
      { schema: { params: AuctionIdParams, response: { 200: WonAuction, ...errorAnswers } } },
      async (request) => {
        const user = signedInUser(request);
        const { wonAuction, hasChanged } = await markWinSeen(db, user.id, request.params.auctionId, clock());
        if (hasChanged) await events.publish("fulfilments:changed", { auctionIds: [wonAuction.auctionId] });
        return wonAuction;
      },
    );

    s.get(
      "/api/addresses",
      { schema: { querystring: AddressQuery, response: { 200: AddressSuggestionsResponse, ...errorAnswers } } },
      async (request) => {
        const user = signedInUser(request);
        return { items: await addresses.suggest(request.query.q, { language: user.language }) };
      },
    );
  });

  await app.register(async (operators) => {
    operators.addHook("preValidation", refuseNonOperators(options.sessionSecret));
    const s = operators.withTypeProvider<ZodTypeProvider>();

    s.get(
      "/api/operator/fulfilments",
      { schema: { querystring: OperatorFulfilmentsQuery, response: { 200: OperatorFulfilmentList, ...errorAnswers } } },
      async (request) => ({ items: await listFulfilments(db, request.query, requestLanguage(request)) }),
    );

    s.post(
      "/api/operator/fulfilments/:auctionId/advance",
      { schema: { params: AuctionIdParams, body: AdvanceFulfilmentBody, response: { 200: OperatorFulfilment, ...errorAnswers } } },
      async (request) => {
        const fulfilment = await advanceFulfilment(db, {
          auctionId: request.params.auctionId,
          to: request.body.to,
          actor: actingOperator(request),
          now: clock(),
        });
        await events.publish("fulfilments:changed", { auctionIds: [fulfilment.auctionId] });
        return fulfilment;
      },
    );

    s.post(
      "/api/operator/fulfilments/:auctionId/payment-time-left",
      { schema: { params: AuctionIdParams, body: PaymentTimeLeftBody, response: { 200: OperatorFulfilment, ...errorAnswers } } },
      async (request) => {
        const fulfilment = await setPaymentTimeLeft(db, {
          auctionId: request.params.auctionId,
          seconds: request.body.seconds,
          actor: actingOperator(request),
          now: clock(),
        });
        await events.publish("fulfilments:changed", { auctionIds: [fulfilment.auctionId] });
        return fulfilment;
      },
    );
  });
}
