// Promo codes over HTTP, for operators: list, create, disable. A winner or a buyer redeems one through the payment's
// own route (fulfilment, Buy it now), which prices with it.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CreatePromoCodeBody, PromoCode, PromoCodeList, PromoCodeParams } from "../../contract";
import { actingOperator, refuseNonOperators } from "../accounts/operator-auth";
import type { Database } from "../db/database";
import { errorAnswers } from "../http/errors";
import { createPromoCode, disablePromoCode, listPromoCodes } from "./promo-codes";

export async function promoCodeRoutes(
  app: FastifyInstance,
  options: { db: Database; clock: () => Date; sessionSecret: string },
): Promise<void> {
  const { db, clock } = options;
  // Who may call is checked before the body is: a signed-out caller gets 401 and a bidder 403, whatever they send.
  await app.register(async (operators) => {
    operators.addHook("preValidation", refuseNonOperators(options.sessionSecret));
    const s = operators.withTypeProvider<ZodTypeProvider>();

    s.get("/api/operator/promo-codes", { schema: { response: { 200: PromoCodeList, ...errorAnswers } } }, async () => ({
      items: await listPromoCodes(db),
    }));

    s.post(
      "/api/operator/promo-codes",
      { schema: { body: CreatePromoCodeBody, response: { 201: PromoCode, ...errorAnswers } } },
      async (request, reply) => {
        const promo = await createPromoCode(db, request.body, { actor: actingOperator(request) });
        return reply.status(201).send(promo);
      },
    );

    s.post(
      "/api/operator/promo-codes/:code/disable",
      { schema: { params: PromoCodeParams, response: { 200: PromoCode, ...errorAnswers } } },
      async (request) => disablePromoCode(db, request.params.code, { actor: actingOperator(request), now: clock() }),
    );
  });
}
