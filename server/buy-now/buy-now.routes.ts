// Buy it now over HTTP: the bidder's offers (for the ended cards), their own purchases (the won page), one auction's
// offer and purchase, a quote and the purchase; and the operators' calls (the purchases' delivery queue, moving
// delivery on, the per-auction switch and stock). Handlers parse, call one service function, answer, then tell the
// live feed.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AdvanceFulfilmentBody,
  AuctionIdParams,
  BuyNowOffersResponse,
  BuyNowPurchase,
  BuyNowPurchasesQuery,
  BuyNowPurchasesResponse,
  BuyNowSettings,
  BuyNowSettingsBody,
  BuyNowStatus,
  OperatorBuyNowList,
  OperatorBuyNowPurchase,
  OperatorBuyNowQuery,
  PayBody,
  PurchaseIdParams,
  QuoteBody,
  QuoteResponse,
} from "../../contract";
import { refuseSignedOut, signedInUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { errorAnswers } from "../http/errors";
import { requestLanguage } from "../http/language";
import { actingOperator, refuseNonOperators } from "../accounts/operator-auth";
import type { DomainEvents } from "../events/domain-events";
import { buyNowStatus, listOffers, listPurchases, ownPurchases } from "./buy-now.queries";
import { advancePurchase, buyNow, buyNowSettings, quoteBuyNow, setBuyNowSettings } from "./buy-now.service";

export async function buyNowRoutes(
  app: FastifyInstance,
  options: { db: Database; events: DomainEvents; clock: () => Date; sessionSecret: string },
): Promise<void> {
  const { db, events, clock } = options;
  await app.register(async (signedIn) => {
    signedIn.addHook("preValidation", refuseSignedOut);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.get("/api/buy-now/offers", { schema: { response: { 200: BuyNowOffersResponse, ...errorAnswers } } }, async (request) => ({
      items: await listOffers(db, signedInUser(request).id, clock()),
    }));

    s.get(
      "/api/buy-now/purchases",
      { schema: { querystring: BuyNowPurchasesQuery, response: { 200: BuyNowPurchasesResponse, ...errorAnswers } } },
      async (request) =>
        ownPurchases(db, { userId: signedInUser(request).id, language: requestLanguage(request), page: request.query.page }),
    );

    s.get(
      "/api/auctions/:auctionId/buy-now",
      { schema: { params: AuctionIdParams, response: { 200: BuyNowStatus, ...errorAnswers } } },
      async (request) =>
        buyNowStatus(db, {
          userId: signedInUser(request).id,
          auctionId: request.params.auctionId,
          language: requestLanguage(request),
          now: clock(),
        }),
    );

    s.post(
      "/api/auctions/:auctionId/buy-now/quote",
      { schema: { params: AuctionIdParams, body: QuoteBody, response: { 200: QuoteResponse, ...errorAnswers } } },
      async (request) =>
        quoteBuyNow(db, {
          userId: signedInUser(request).id,
          auctionId: request.params.auctionId,
          promoCode: request.body.promoCode,
          now: clock(),
        }),
    );

    s.post(
      "/api/auctions/:auctionId/buy-now",
      { schema: { params: AuctionIdParams, body: PayBody, response: { 201: BuyNowPurchase, ...errorAnswers } } },
      async (request, reply) => {
        const user = signedInUser(request);
        const { purchase } = await buyNow(db, { userId: user.id, auctionId: request.params.auctionId, ...request.body, now: clock() });
        await Promise.all([
          events.publish("purchases:changed", { purchaseIds: [purchase.purchaseId] }),
          events.publish("wallet:changed", { userId: user.id }),
        ]);
        const { buyerId: _id, buyerEmail: _email, buyerDisplayName: _name, ...mine } = purchase;
        return reply.status(201).send(mine);
      },
    );
  });

  await app.register(async (operators) => {
    operators.addHook("preValidation", refuseNonOperators(options.sessionSecret));
    const s = operators.withTypeProvider<ZodTypeProvider>();

    s.get(
      "/api/operator/buy-now",
      { schema: { querystring: OperatorBuyNowQuery, response: { 200: OperatorBuyNowList, ...errorAnswers } } },
      async (request) => ({
        items: await listPurchases(db, request.query, requestLanguage(request)),
      }),
    );

    s.post(
      "/api/operator/buy-now/:purchaseId/advance",
      { schema: { params: PurchaseIdParams, body: AdvanceFulfilmentBody, response: { 200: OperatorBuyNowPurchase, ...errorAnswers } } },
      async (request) => {
        const purchase = await advancePurchase(db, {
          purchaseId: request.params.purchaseId,
          to: request.body.to,
          actor: actingOperator(request),
          now: clock(),
        });
        await events.publish("purchases:changed", { purchaseIds: [purchase.purchaseId] });
        return purchase;
      },
    );

    s.get(
      "/api/operator/auctions/:auctionId/buy-now",
      { schema: { params: AuctionIdParams, response: { 200: BuyNowSettings, ...errorAnswers } } },
      async (request) => buyNowSettings(db, request.params.auctionId),
    );

    // No feed to tell: an auction's live state carries no Buy it now, and a bidder's offer is read when it is shown.
    s.post(
      "/api/operator/auctions/:auctionId/buy-now",
      { schema: { params: AuctionIdParams, body: BuyNowSettingsBody, response: { 200: BuyNowSettings, ...errorAnswers } } },
      async (request) => setBuyNowSettings(db, { auctionId: request.params.auctionId, ...request.body, actor: actingOperator(request) }),
    );
  });
}
