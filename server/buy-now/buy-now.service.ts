// The commands of Buy it now: a quote, the purchase (paid at once from the wallet) and operators moving its delivery
// on, and the per-auction switch and stock. Each change is decided in one transaction on a locked row (the auction's
// for a purchase, on which stock and "once per bidder" are decided; the purchase's for a delivery step) and refuses,
// changing nothing, otherwise. The HTTP routes and the ops CLI call these functions.
import type { BuyNowSettings, FulfilmentState, OperatorBuyNowPurchase } from "../../contract";
import { fulfilmentEventBetween } from "../../machines/fulfilment.machine";
import type { Database, Queryable } from "../db/database";
import { logOperatorAction } from "../audit/operator-actions";
import { Refusal } from "../refusal";
import { offerFacts, offerOrRefuse, purchasesOf } from "./buy-now.queries";
import { logFulfilmentStep, payWithPromo } from "../fulfilment/fulfilment.service";
import { quoteWithPromo, recordRedemption, type Quote } from "../promo-codes/promo-codes";

/** What the bidder would pay now for the auction's item, with the promo code if it is valid for them. */
export async function quoteBuyNow(
  db: Database,
  input: { userId: string; auctionId: number; promoCode?: string | undefined; now: Date },
): Promise<Quote> {
  return db.transaction(async (tx) => {
    const offer = offerOrRefuse(await offerFacts(tx, input.auctionId, input.userId), input.userId, input.now);
    return (await quoteWithPromo(tx, offer.priceCents, input)).quote;
  });
}

export type BuyNowInput = {
  userId: string;
  auctionId: number;
  deliveryAddress: string;
  phone: string;
  promoCode?: string | undefined;
  now: Date;
};

/**
 * The purchase, inside the caller's transaction: the auction's row locked and the offer judged on it (switched on,
 * ended, enrolled, not the winner, not bought yet, within 48 hours, stock left), the promo code checked and redeemed,
 * the wallet debited (a BuyItNow entry; never below zero), the purchase opened already paid (PaymentReceived) and
 * phone and address kept as the user's defaults. Any refusal throws, and the caller's transaction changes nothing.
 * Every money check of a purchase belongs here, so it is one place for each.
 */
export async function buyItNow(tx: Queryable, input: BuyNowInput): Promise<{ purchaseId: number; quote: Quote }> {
  const facts = await offerFacts(tx, input.auctionId, input.userId, { lock: true });
  const offer = offerOrRefuse(facts, input.userId, input.now);
  const { quote, promo, transactionId } = await payWithPromo(tx, {
    ...input,
    type: "BuyItNow",
    priceCents: offer.priceCents,
    description: `Buy it now: ${facts.title}`,
  });
  const { amountCents, discountCents: discount } = quote;
  const [purchase] = await tx.query<{ id: number }>(
    `insert into buy_now_purchases (auction_id, user_id, retail_value_cents, entry_fee_paid_cents, price_cents, amount_paid_cents,
                                    discount_cents, promo_code_id, delivery_address, phone, transaction_id, paid_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $12) returning id`,
    [
      input.auctionId,
      input.userId,
      offer.retailValueCents,
      offer.entryFeePaidCents,
      offer.priceCents,
      amountCents,
      discount,
      promo?.id ?? null,
      input.deliveryAddress,
      input.phone,
      transactionId,
      input.now,
    ],
  );
  const purchaseId = purchase!.id;
  await recordRedemption(tx, promo, { purchaseId }, input.userId, discount);
  await logFulfilmentStep(tx, { purchaseId }, null, "PaymentReceived", `user:${input.userId}`, input.now);
  await tx.query("update users set phone = $2, delivery_address = $3, updated_at = now() where id = $1", [
    input.userId,
    input.phone,
    input.deliveryAddress,
  ]);
  return { purchaseId, quote };
}

/** The purchase in a transaction of its own: what the route calls. */
export async function buyNow(db: Database, input: BuyNowInput): Promise<{ purchase: OperatorBuyNowPurchase; quote: Quote }> {
  const { purchaseId, quote } = await db.transaction((tx) => buyItNow(tx, input));
  const [purchase] = await purchasesOf(db, [purchaseId]);
  return { purchase: purchase!, quote };
}

/** The steps only operators take on a purchase: PaymentReceived → InDelivery → Delivered, as the machine allows. */
export async function advancePurchase(
  db: Database,
  input: { purchaseId: number; to: "InDelivery" | "Delivered"; actor: string; now: Date },
): Promise<OperatorBuyNowPurchase> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ state: FulfilmentState }>("select state from buy_now_purchases where id = $1 for update", [
      input.purchaseId,
    ]);
    if (!row) throw new Refusal("NOT_FOUND", `There is no Buy it now purchase ${input.purchaseId}.`);
    if (!fulfilmentEventBetween(row.state, input.to)) {
      throw new Refusal(
        "FULFILMENT_STEP_REFUSED",
        `Buy it now purchase ${input.purchaseId} is ${row.state}; it cannot move to ${input.to}.`,
      );
    }
    const stampColumn = input.to === "InDelivery" ? "in_delivery_at" : "delivered_at";
    await tx.query(
      `update buy_now_purchases set state = $2, ${stampColumn} = $3, updated_at = $3, version = version + 1 where id = $1 and state = $4`,
      [input.purchaseId, input.to, input.now, row.state],
    );
    await logFulfilmentStep(tx, { purchaseId: input.purchaseId }, row.state, input.to, input.actor, input.now);
    await logOperatorAction(
      tx,
      input.actor,
      `buy-now.${input.to === "InDelivery" ? "in-delivery" : "delivered"}`,
      `buy-now:${input.purchaseId}`,
      {
        from: row.state,
      },
    );
  });
  const [updated] = await purchasesOf(db, [input.purchaseId]);
  return updated!;
}

/** Reads an auction's Buy it now settings and how many were sold. */
export async function buyNowSettings(db: Queryable, auctionId: number): Promise<BuyNowSettings> {
  const [row] = await db.query<{ enabled: boolean; stock: number | null; sold: number }>(
    `select buy_now_enabled as enabled, buy_now_stock as stock,
            (select count(*)::int from buy_now_purchases p where p.auction_id = a.id) as sold
     from auctions a where a.id = $1`,
    [auctionId],
  );
  if (!row) throw new Refusal("NOT_FOUND", `There is no auction ${auctionId}.`);
  return { auctionId, ...row };
}

/**
 * Operators switch Buy it now on or off for an auction, in any status, and set its stock (null: no limit). Decided on
 * the auction's locked row, the lock a purchase takes: a purchase is either before the change or judged by it. A
 * stock below what was sold already just sells no more.
 */
export async function setBuyNowSettings(
  db: Database,
  input: { auctionId: number; enabled?: boolean | undefined; stock?: number | null | undefined; actor: string },
): Promise<BuyNowSettings> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>("select id from auctions where id = $1 for update", [input.auctionId]);
    if (!row) throw new Refusal("NOT_FOUND", `There is no auction ${input.auctionId}.`);
    await tx.query(
      `update auctions set buy_now_enabled = coalesce($2, buy_now_enabled), buy_now_stock = case when $3 then $4::int else buy_now_stock end where id = $1`,
      [input.auctionId, input.enabled ?? null, input.stock !== undefined, input.stock ?? null],
    );
    await logOperatorAction(tx, input.actor, "auction.buy-now", `auction:${input.auctionId}`, {
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      ...(input.stock === undefined ? {} : { stock: input.stock }),
    });
  });
  return buyNowSettings(db, input.auctionId);
}
