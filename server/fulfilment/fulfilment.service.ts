// Fulfilment of won auctions: opening one when an auction ends, paying for it from the wallet, operators moving
// delivery on, and expiry when the payment window closes. Each change is decided in one transaction with the row
// locked, asks machines/fulfilment.machine.ts whether the move is allowed, and refuses (changing nothing) otherwise.
// The HTTP routes and the ops CLI both call these functions.
import {
  fulfilmentStates,
  type FulfilmentState,
  type OperatorFulfilment,
  type WonAuction,
  type WonAuctionsResponse,
} from "../../contract";
import { fulfilmentEventBetween, isPayable } from "../../machines/fulfilment.machine";
import type { Database, Queryable } from "../db/database";
import { InsufficientFundsError, postLedgerEntry } from "../wallet/wallet.service";
import { logOperatorAction } from "../operator/audit-log";
import { Refusal } from "../refusal";
import { discountCents, findUsablePromoCode } from "./promo-codes";

/** The states from which the machine allows a move to `to`: the guard of every UPDATE below. */
const statesLeadingTo = (to: FulfilmentState): FulfilmentState[] => fulfilmentStates.filter((from) => fulfilmentEventBetween(from, to) !== null);

/**
 * The one statement that opens fulfilments: for each ended auction with a winner among `endedAuctions` (a table or
 * a CTE with the auctions' id, winner_id, price_cents, ended_at and payment_window_hours), once; repeats do nothing.
 * The lifecycle runs it inside the statement that ends auctions, so neither happens without the other.
 */
export const openFulfilmentsOf = (endedAuctions: string): string =>
  `insert into fulfilments (auction_id, user_id, price_cents, deadline_at)
   select id, winner_id, price_cents, ended_at + make_interval(hours => payment_window_hours) from ${endedAuctions}
   where winner_id is not null
   on conflict (auction_id) do nothing`;

/** Opens the fulfilment of each given auction that has ended with a winner (once; repeats do nothing). */
export async function openFulfilments(tx: Queryable, auctionIds: number[]): Promise<void> {
  await tx.query(
    `with ended as (select * from auctions where id = any($1::bigint[]) and status = 'Ended')
     ${openFulfilmentsOf("ended")}`,
    [auctionIds],
  );
}

type Row = {
  auction_id: number;
  user_id: string;
  title: string;
  images: string[];
  price_cents: number;
  ended_at: Date;
  state: FulfilmentState;
  deadline_at: Date;
  amount_paid_cents: number | null;
  discount_cents: number | null;
  promo_code: string | null;
  delivery_address: string | null;
  phone: string | null;
  paid_at: Date | null;
  in_delivery_at: Date | null;
  delivered_at: Date | null;
  expired_at: Date | null;
  version: number;
  seen_at: Date | null;
  winner_email: string;
  winner_display_name: string;
};

const SELECT = `select f.auction_id, f.user_id, a.title, a.images, f.price_cents, coalesce(a.ended_at, f.created_at) as ended_at,
       f.state, f.deadline_at, f.amount_paid_cents, f.discount_cents, p.code as promo_code, f.delivery_address, f.phone,
       f.paid_at, f.in_delivery_at, f.delivered_at, f.expired_at, f.version, f.seen_at,
       u.email as winner_email, u.display_name as winner_display_name
  from fulfilments f
  join auctions a on a.id = f.auction_id
  join users u on u.id = f.user_id
  left join promo_codes p on p.id = f.promo_code_id`;

const iso = (value: Date | null) => value?.toISOString() ?? null;

const toWonAuction = (row: Row): WonAuction => ({
  auctionId: row.auction_id,
  title: row.title,
  image: row.images[0] ?? null,
  finalPriceCents: row.price_cents,
  endedAt: row.ended_at.toISOString(),
  state: row.state,
  deadlineAt: row.deadline_at.toISOString(),
  amountPaidCents: row.amount_paid_cents,
  discountCents: row.discount_cents,
  promoCode: row.promo_code,
  deliveryAddress: row.delivery_address,
  phone: row.phone,
  paidAt: iso(row.paid_at),
  inDeliveryAt: iso(row.in_delivery_at),
  deliveredAt: iso(row.delivered_at),
  expiredAt: iso(row.expired_at),
  version: row.version,
  isSeen: row.seen_at !== null,
});

const toOperatorFulfilment = (row: Row): OperatorFulfilment => ({
  ...toWonAuction(row),
  winnerId: row.user_id,
  winnerEmail: row.winner_email,
  winnerDisplayName: row.winner_display_name,
});

/** The won auctions of the given auctions, with their winners: what the live feed sends to each winner. */
export async function fulfilmentsOf(db: Queryable, auctionIds: number[]): Promise<OperatorFulfilment[]> {
  if (auctionIds.length === 0) return [];
  const rows = await db.query<Row>(`${SELECT} where f.auction_id = any($1::bigint[])`, [auctionIds]);
  return rows.map(toOperatorFulfilment);
}

/** The signed-in user's won auctions, newest first, and their saved phone and address for the pay form. */
export async function listWonAuctions(db: Queryable, userId: string): Promise<WonAuctionsResponse> {
  const rows = await db.query<Row>(`${SELECT} where f.user_id = $1 order by a.ended_at desc nulls last, f.auction_id desc`, [userId]);
  const [user] = await db.query<{ phone: string; delivery_address: string }>("select phone, delivery_address from users where id = $1", [userId]);
  return { items: rows.map(toWonAuction), defaults: { phone: user?.phone ?? "", deliveryAddress: user?.delivery_address ?? "" } };
}

export async function getWonAuction(db: Queryable, userId: string, auctionId: number): Promise<WonAuction> {
  const [row] = await db.query<Row>(`${SELECT} where f.auction_id = $1 and f.user_id = $2`, [auctionId, userId]);
  if (!row) throw new Refusal("NOT_FOUND", "No such won auction.");
  return toWonAuction(row);
}

/**
 * The winner has seen their win (closed the "You won!" dialog or went on to pay): stamped once, so a repeat changes
 * nothing and answers the same. Returns the won auction and whether this call changed it (then the feed tells the
 * winner's other devices, whose dialogs close).
 */
export async function markWinSeen(db: Queryable, userId: string, auctionId: number, now: Date): Promise<{ wonAuction: WonAuction; hasChanged: boolean }> {
  const changed = await db.query<{ auction_id: number }>(
    `update fulfilments set seen_at = $3, updated_at = $3, version = version + 1
     where auction_id = $1 and user_id = $2 and seen_at is null returning auction_id`,
    [auctionId, userId, now],
  );
  return { wonAuction: await getWonAuction(db, userId, auctionId), hasChanged: changed.length > 0 };
}

/** For operators: every fulfilment, or those in one state, oldest deadline first. */
export async function listFulfilments(
  db: Queryable,
  filter: { state?: FulfilmentState | undefined; limit?: number } = {},
): Promise<OperatorFulfilment[]> {
  const rows = await db.query<Row>(
    `${SELECT} where ($1::text is null or f.state = $1) order by f.deadline_at, f.auction_id limit $2`,
    [filter.state ?? null, filter.limit ?? 100],
  );
  return rows.map(toOperatorFulfilment);
}

type LockedFulfilment = { auction_id: number; user_id: string; state: FulfilmentState; price_cents: number; deadline_at: Date; title: string };

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
    throw new Refusal("FULFILMENT_STEP_REFUSED", `Auction ${fulfilment.auction_id} is ${fulfilment.state}; only an unpaid one can be paid.`);
  }
  if (fulfilment.deadline_at <= now) throw new Refusal("PAYMENT_WINDOW_CLOSED");
}

export type Quote = { priceCents: number; discountCents: number; amountCents: number; promoCode: string | null };

/** What the winner would pay now, with the promo code if it is valid for them (PROMO_CODE_INVALID otherwise). */
export async function quotePayment(
  db: Database,
  input: { userId: string; auctionId: number; promoCode?: string | undefined; now: Date },
): Promise<Quote> {
  // A transaction, so the promo code's counts and the fulfilment are read together; nothing is written.
  return db.transaction(async (tx) => {
    const fulfilment = await lockFulfilment(tx, input.auctionId, input.userId);
    assertPayable(fulfilment, input.now);
    const promo = input.promoCode ? await findUsablePromoCode(tx, input.promoCode, input.userId, input.now) : null;
    const discount = promo ? discountCents(fulfilment.price_cents, promo) : 0;
    return { priceCents: fulfilment.price_cents, discountCents: discount, amountCents: fulfilment.price_cents - discount, promoCode: promo?.code ?? null };
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
  const quote = await db.transaction(async (tx) => {
    const fulfilment = await lockFulfilment(tx, input.auctionId, input.userId);
    assertPayable(fulfilment, input.now);
    const promo = input.promoCode ? await findUsablePromoCode(tx, input.promoCode, input.userId, input.now, { lock: true }) : null;
    const discount = promo ? discountCents(fulfilment.price_cents, promo) : 0;
    const amountCents = fulfilment.price_cents - discount;
    let transactionId: number | null = null;
    if (amountCents > 0) {
      try {
        ({ id: transactionId } = await postLedgerEntry(tx, {
          userId: input.userId,
          type: "AuctionPayment",
          amountCents: -amountCents,
          description: `Payment: ${fulfilment.title}${promo ? ` (promo code ${promo.code})` : ""}`.slice(0, 255),
          auctionId: input.auctionId,
        }));
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw new Refusal("NOT_ENOUGH_FUNDS");
        throw error;
      }
    }
    if (promo) {
      await tx.query("insert into promo_redemptions (auction_id, promo_code_id, user_id, discount_cents) values ($1, $2, $3, $4)", [
        input.auctionId,
        promo.id,
        input.userId,
        discount,
      ]);
    }
    const moved = await tx.query(
      `update fulfilments set state = 'PaymentReceived', amount_paid_cents = $2, discount_cents = $3, promo_code_id = $4,
              delivery_address = $5, phone = $6, transaction_id = $7, paid_at = $8, updated_at = $8, version = version + 1
       where auction_id = $1 and state = any($9::text[]) returning auction_id`,
      [input.auctionId, amountCents, discount, promo?.id ?? null, input.deliveryAddress, input.phone, transactionId, input.now, statesLeadingTo("PaymentReceived")],
    );
    if (moved.length !== 1) throw new Refusal("FULFILMENT_STEP_REFUSED");
    await logEvent(tx, input.auctionId, fulfilment.state, "PaymentReceived", `user:${input.userId}`, input.now);
    await tx.query("update users set phone = $2, delivery_address = $3, updated_at = now() where id = $1", [
      input.userId,
      input.phone,
      input.deliveryAddress,
    ]);
    return { priceCents: fulfilment.price_cents, discountCents: discount, amountCents, promoCode: promo?.code ?? null };
  });
  return { wonAuction: await getWonAuction(db, input.userId, input.auctionId), quote };
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
    await logEvent(tx, input.auctionId, fulfilment.state, input.to, input.actor, input.now);
    await logOperatorAction(tx, input.actor, `fulfilment.${input.to === "InDelivery" ? "in-delivery" : "delivered"}`, `auction:${input.auctionId}`, {
      from: fulfilment.state,
    });
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
     ), logged as (
       insert into fulfilment_events (auction_id, from_state, to_state, actor, created_at)
       select auction_id, 'AwaitingPayment', 'Expired', 'expiry-job', $1 from expired
     )
     select auction_id from expired`,
    [now, statesLeadingTo("Expired")],
  );
  return rows.map((row) => row.auction_id);
}

async function logEvent(tx: Queryable, auctionId: number, from: FulfilmentState, to: FulfilmentState, actor: string, at: Date): Promise<void> {
  await tx.query("insert into fulfilment_events (auction_id, from_state, to_state, actor, created_at) values ($1, $2, $3, $4, $5)", [
    auctionId,
    from,
    to,
    actor.slice(0, 255),
    at,
  ]);
}
