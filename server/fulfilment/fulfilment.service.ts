// The commands of fulfilment, once the auction's end opened one (auctions/opening-fulfilments.ts): the winner seeing
// and paying for it from the wallet, operators moving delivery on, and expiry when the payment window closes. Each change is decided in one transaction with the row
// locked, asks machines/fulfilment.machine.ts whether the move is allowed, and refuses (changing nothing) otherwise.
// The HTTP routes and the ops CLI both call these functions.
import { fulfilmentStates, type FulfilmentState, type OperatorFulfilment, type WonAuction } from "../../contract";
import { fulfilmentEventBetween, isPayable } from "../../machines/fulfilment.machine";
import type { Database, Queryable } from "../db/database";
import { assertAuctionSpend } from "../wallet/spend-limits";
import { InsufficientFundsError, postLedgerEntry } from "../wallet/wallet.service";
import { logOperatorAction } from "../audit/operator-actions";
import { Refusal } from "../refusal";
import { fulfilmentsOf, getWonAuction } from "./fulfilment.queries";
import { promoNote, quoteWithPromo, recordRedemption, type Quote, type UsablePromoCode } from "../promo-codes/promo-codes";

/** The states from which the machine allows a move to `to`: the guard of every UPDATE below. */
const statesLeadingTo = (to: FulfilmentState): FulfilmentState[] =>
  fulfilmentStates.filter((from) => fulfilmentEventBetween(from, to) !== null);

/**
 * The winner has seen their win (closed the "You won!" dialog or went on to pay): stamped once, so a repeat changes
 * nothing and answers the same. Returns the won auction and whether this call changed it (then the feed tells the
 * winner's other devices, whose dialogs close).
 */
export async function markWinSeen(
  db: Queryable,
  userId: string,
  auctionId: number,
  now: Date,
): Promise<{ wonAuction: WonAuction; hasChanged: boolean }> {
  const changed = await db.query<{ auction_id: number }>(
    `update fulfilments set seen_at = $3, updated_at = $3, version = version + 1
     where auction_id = $1 and user_id = $2 and seen_at is null returning auction_id`,
    [auctionId, userId, now],
  );
  return { wonAuction: await getWonAuction(db, userId, auctionId), hasChanged: changed.length > 0 };
}

type LockedFulfilment = {
  auction_id: number;
  user_id: string;
  state: FulfilmentState;
  price_cents: number;
  deadline_at: Date;
  title: string;
};

async function lockFulfilment(tx: Queryable, auctionId: number, userId: string | null): Promise<LockedFulfilment> {
  const [row] = await tx.query<LockedFulfilment>(
    `select f.auction_id, f.user_id, f.state, f.price_cents, f.deadline_at, a.title
     from fulfilments f join auctions a on a.id = f.auction_id
     where f.auction_id = $1 and ($2::uuid is null or f.user_id = $2) for update of f`,
    [auctionId, userId],
  );
  if (!row) throw new Refusal("NOT_FOUND", userId ? "No such won auction." : `There is no fulfilment for auction ${auctionId}.`);
  return row;
}

function assertPayable(fulfilment: LockedFulfilment, now: Date): void {
  if (!isPayable(fulfilment.state)) {
    throw new Refusal(
      "FULFILMENT_STEP_REFUSED",
      `Auction ${fulfilment.auction_id} is ${fulfilment.state}; only an unpaid one can be paid.`,
    );
  }
  if (fulfilment.deadline_at <= now) throw new Refusal("PAYMENT_WINDOW_CLOSED");
}

/**
 * Debits `amountCents` (0 or more) from the user's wallet as one ledger entry of `type`, for a win's payment or a Buy
 * it now: the entry's id, or null when there is nothing to pay. A wallet that cannot cover it: NOT_ENOUGH_FUNDS.
 */
export async function payFromWallet(
  tx: Queryable,
  {
    now,
    ...payment
  }: {
    userId: string;
    type: "AuctionPayment" | "BuyItNow";
    amountCents: number;
    description: string;
    promoCode: string | null;
    auctionId: number;
    now: Date;
  },
): Promise<number | null> {
  if (payment.amountCents === 0) return null;
  // A payment for a win or a Buy it now is auction spending: the month's limit holds here too (a pause does not stop
  // it: decision 033).
  await assertAuctionSpend(tx, payment.userId, payment.amountCents, now);
  try {
    const entry = await postLedgerEntry(tx, {
      ...payment,
      amountCents: -payment.amountCents,
      description: payment.description.slice(0, 255),
    });
    return entry.id;
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new Refusal("NOT_ENOUGH_FUNDS");
    throw error;
  }
}

/**
 * A payment for a win or a Buy it now: `priceCents` less the promo code's discount (the code checked on its locked
 * row), debited from the wallet as one ledger entry whose description names the code. The caller records the code's
 * redemption against what was bought.
 */
export async function payWithPromo(
  tx: Queryable,
  input: {
    userId: string;
    auctionId: number;
    promoCode?: string | undefined;
    now: Date;
    type: "AuctionPayment" | "BuyItNow";
    priceCents: number;
    description: string;
  },
): Promise<{ quote: Quote; promo: UsablePromoCode | null; transactionId: number | null }> {
  const { quote, promo } = await quoteWithPromo(tx, input.priceCents, input, { lock: true });
  const transactionId = await payFromWallet(tx, {
    userId: input.userId,
    type: input.type,
    amountCents: quote.amountCents,
    description: `${input.description}${promoNote(promo)}`,
    promoCode: promo?.code ?? null,
    auctionId: input.auctionId,
    now: input.now,
  });
  return { quote, promo, transactionId };
}

/** What the winner would pay now, with the promo code if it is valid for them (PROMO_CODE_INVALID otherwise). */
export async function quotePayment(
  db: Database,
  input: { userId: string; auctionId: number; promoCode?: string | undefined; now: Date },
): Promise<Quote> {
  // A transaction, so the promo code's counts and the fulfilment are read together; nothing is written.
  return db.transaction(async (tx) => {
    const fulfilment = await lockFulfilment(tx, input.auctionId, input.userId);
    assertPayable(fulfilment, input.now);
    return (await quoteWithPromo(tx, fulfilment.price_cents, input)).quote;
  });
}

/**
 * The winner pays: in one transaction the fulfilment is locked and checked (unpaid, window open), the promo code
 * checked and redeemed, the wallet debited (an AuctionPayment entry; never below zero), phone and address kept as
 * the user's defaults, and the fulfilment moved to PaymentReceived. Any refusal changes nothing.
 */
export async function payForWonAuction(
  db: Database,
  input: { userId: string; auctionId: number; deliveryAddress: string; phone: string; promoCode?: string | undefined; now: Date },
): Promise<{ wonAuction: WonAuction; quote: Quote }> {
  const paid = await db.transaction(async (tx) => {
    const fulfilment = await lockFulfilment(tx, input.auctionId, input.userId);
    assertPayable(fulfilment, input.now);
    const { quote, promo, transactionId } = await payWithPromo(tx, {
      ...input,
      type: "AuctionPayment",
      priceCents: fulfilment.price_cents,
      description: `Payment: ${fulfilment.title}`,
    });
    const { amountCents, discountCents: discount } = quote;
    await recordRedemption(tx, promo, { auctionId: input.auctionId }, input.userId, discount);
    const moved = await tx.query(
      `update fulfilments set state = 'PaymentReceived', amount_paid_cents = $2, discount_cents = $3, promo_code_id = $4,
              delivery_address = $5, phone = $6, transaction_id = $7, paid_at = $8, updated_at = $8, version = version + 1
       where auction_id = $1 and state = any($9::text[]) returning auction_id`,
      [
        input.auctionId,
        amountCents,
        discount,
        promo?.id ?? null,
        input.deliveryAddress,
        input.phone,
        transactionId,
        input.now,
        statesLeadingTo("PaymentReceived"),
      ],
    );
    if (moved.length !== 1) throw new Refusal("FULFILMENT_STEP_REFUSED");
    await logFulfilmentStep(tx, { auctionId: input.auctionId }, fulfilment.state, "PaymentReceived", `user:${input.userId}`, input.now);
    await tx.query("update users set phone = $2, delivery_address = $3, updated_at = now() where id = $1", [
      input.userId,
      input.phone,
      input.deliveryAddress,
    ]);
    return quote;
  });
  return { wonAuction: await getWonAuction(db, input.userId, input.auctionId), quote: paid };
}

/** The steps only operators take: PaymentReceived → InDelivery → Delivered, one at a time, as the machine allows. */
export async function advanceFulfilment(
  db: Database,
  input: { auctionId: number; to: "InDelivery" | "Delivered"; actor: string; now: Date },
): Promise<OperatorFulfilment> {
  await db.transaction(async (tx) => {
    const fulfilment = await lockFulfilment(tx, input.auctionId, null);
    if (!fulfilmentEventBetween(fulfilment.state, input.to)) {
      throw new Refusal(
        "FULFILMENT_STEP_REFUSED",
        `The fulfilment of auction ${input.auctionId} is ${fulfilment.state}; it cannot move to ${input.to}.`,
      );
    }
    const stampColumn = input.to === "InDelivery" ? "in_delivery_at" : "delivered_at";
    await tx.query(
      `update fulfilments set state = $2, ${stampColumn} = $3, updated_at = $3, version = version + 1
       where auction_id = $1 and state = any($4::text[])`,
      [input.auctionId, input.to, input.now, statesLeadingTo(input.to)],
    );
    await logFulfilmentStep(tx, { auctionId: input.auctionId }, fulfilment.state, input.to, input.actor, input.now);
    await logOperatorAction(
      tx,
      input.actor,
      `fulfilment.${input.to === "InDelivery" ? "in-delivery" : "delivered"}`,
      `auction:${input.auctionId}`,
      {
        from: fulfilment.state,
      },
    );
  });
  const [updated] = await fulfilmentsOf(db, [input.auctionId]);
  return updated!;
}

/**
 * For testers: an unpaid fulfilment's payment deadline becomes `now` plus `seconds`, so the expiry job expires it
 * soon after (or the window opens again for longer). Refused, changing nothing, unless it is AwaitingPayment.
 */
export async function setPaymentTimeLeft(
  db: Database,
  input: { auctionId: number; seconds: number; actor: string; now: Date },
): Promise<OperatorFulfilment> {
  if (!Number.isInteger(input.seconds) || input.seconds < 0) throw new RangeError("seconds must be a whole number, 0 or more.");
  await db.transaction(async (tx) => {
    const fulfilment = await lockFulfilment(tx, input.auctionId, null);
    if (!isPayable(fulfilment.state)) {
      throw new Refusal(
        "FULFILMENT_STEP_REFUSED",
        `The fulfilment of auction ${input.auctionId} is ${fulfilment.state}; only an unpaid one (AwaitingPayment) has a payment deadline to set.`,
      );
    }
    const deadline = new Date(input.now.getTime() + input.seconds * 1000);
    await tx.query(
      `update fulfilments set deadline_at = $2, updated_at = $3, version = version + 1
       where auction_id = $1 and state = 'AwaitingPayment'`,
      [input.auctionId, deadline, input.now],
    );
    await logOperatorAction(tx, input.actor, "fulfilment.payment-time-left", `auction:${input.auctionId}`, {
      seconds: input.seconds,
      deadlineAt: deadline.toISOString(),
    });
  });
  const [updated] = await fulfilmentsOf(db, [input.auctionId]);
  return updated!;
}

/**
 * Expires every unpaid fulfilment whose window has closed, in one status-guarded statement: however many
 * processes run it, and after a restart, each expires exactly once. Returns the auctions it expired.
 */
export async function expireOverdueFulfilments(db: Queryable, now: Date): Promise<number[]> {
  const rows = await db.query<{ auction_id: number }>(
    `with expired as (
       update fulfilments set state = 'Expired', expired_at = $1, updated_at = $1, version = version + 1
       where state = any($2::text[]) and deadline_at <= $1 returning auction_id
     ), newer as (
       -- The auction's public state changes too (it says the win was canceled): a newer seq for its feed.
       update auctions set seq = seq + 1 where id in (select auction_id from expired)
     ), logged as (
       insert into fulfilment_events (auction_id, from_state, to_state, actor, created_at)
       select auction_id, 'AwaitingPayment', 'Expired', 'expiry-job', $1 from expired
     )
     select auction_id from expired`,
    [now, statesLeadingTo("Expired")],
  );
  return rows.map((row) => row.auction_id);
}

/**
 * One step in the history of a win's fulfilment or of a Buy it now purchase (`from` null: the purchase's first step),
 * with who took it (`user:…`, an operator, `system`).
 */
export async function logFulfilmentStep(
  tx: Queryable,
  of: { auctionId: number } | { purchaseId: number },
  from: FulfilmentState | null,
  to: FulfilmentState,
  actor: string,
  at: Date,
): Promise<void> {
  const [table, column, id] =
    "auctionId" in of ? ["fulfilment_events", "auction_id", of.auctionId] : ["buy_now_events", "purchase_id", of.purchaseId];
  await tx.query(`insert into ${table} (${column}, from_state, to_state, actor, created_at) values ($1, $2, $3, $4, $5)`, [
    id,
    from,
    to,
    actor.slice(0, 255),
    at,
  ]);
}
