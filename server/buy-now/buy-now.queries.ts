// The read side of Buy it now: whether a bidder may buy an ended auction now and at what price (one rule, read here
// without locks for the pages and under the auction's lock by the purchase itself), and purchases with their
// fulfilment as the buyer and the operators see them.
import {
  BUY_NOW_WINDOW_HOURS,
  type BuyNowErrorCode,
  type BuyNowOffer,
  type BuyNowPurchase,
  type BuyNowPurchasesResponse,
  type BuyNowStatus,
  type FulfilmentState,
  type Language,
  type OperatorBuyNowPurchase,
} from "../../contract";
import type { Queryable } from "../db/database";
import { deliveryDefaults, recipientOf, selectDeliveries, toDelivery, type DeliveryRow, type PaidColumns } from "../fulfilment/delivery";
import { Refusal } from "../refusal";

/** What decides a bidder's offer for one auction: the auction's row and this bidder's part in it. */
export type OfferFacts = {
  auction_id: number;
  title: string;
  status: string;
  winner_id: string | null;
  ended_at: Date | null;
  retail_value_cents: number;
  buy_now_enabled: boolean;
  buy_now_stock: number | null;
  sold: number;
  is_enrolled: boolean;
  has_bought: boolean;
  fee_paid_cents: number;
};

/**
 * The facts of `auctions a` for the bidder `$2`: enrolled, bought already, and the entry fee the ledger took from them
 * for it (AuctionEnrollment less any Refund).
 */
const factsSql = (where: string) => `select a.id as auction_id, a.title, a.status, a.winner_id,
       coalesce(a.ended_at, a.ends_at) as ended_at, a.retail_value_cents, a.buy_now_enabled, a.buy_now_stock,
       (select count(*)::int from buy_now_purchases p where p.auction_id = a.id) as sold,
       exists (select 1 from enrolments e where e.auction_id = a.id and e.user_id = $2) as is_enrolled,
       exists (select 1 from buy_now_purchases p where p.auction_id = a.id and p.user_id = $2) as has_bought,
       (select coalesce(-sum(t.amount_cents), 0)::int from wallet_transactions t
        where t.auction_id = a.id and t.user_id = $2 and t.type in ('AuctionEnrollment', 'Refund')) as fee_paid_cents
  from auctions a where ${where}`;

/**
 * The auction's facts for this bidder. With `lock`, the auction's row is locked first and stays locked to the end of
 * the transaction: the purchase's lock, so the counts read after it (sold, bought) are decided on it.
 */
export async function offerFacts(db: Queryable, auctionId: number, userId: string, options: { lock?: boolean } = {}): Promise<OfferFacts> {
  if (options.lock) await db.query("select id from auctions where id = $1 for update", [auctionId]);
  const [facts] = await db.query<OfferFacts>(factsSql("a.id = $1"), [auctionId, userId]);
  if (!facts) throw new Refusal("NOT_FOUND", `There is no auction ${auctionId}.`);
  return facts;
}

/** The offer these facts give at `now`, or the refusal that says why there is none. The one rule of eligibility. */
export function judgeOffer(facts: OfferFacts, userId: string, now: Date): BuyNowOffer | BuyNowErrorCode {
  if (!facts.buy_now_enabled) return "BUY_NOW_OFF";
  if (facts.status !== "Ended" || !facts.ended_at) return "BUY_NOW_NOT_ENDED";
  if (facts.winner_id === userId) return "BUY_NOW_WINNER";
  if (!facts.is_enrolled) return "BUY_NOW_NOT_ENROLLED";
  if (facts.has_bought) return "BUY_NOW_ALREADY_BOUGHT";
  const deadline = new Date(facts.ended_at.getTime() + BUY_NOW_WINDOW_HOURS * 3600_000);
  if (deadline <= now) return "BUY_NOW_WINDOW_CLOSED";
  if (facts.buy_now_stock !== null && facts.sold >= facts.buy_now_stock) return "BUY_NOW_SOLD_OUT";
  const entryFeePaidCents = Math.max(0, facts.fee_paid_cents);
  return {
    auctionId: facts.auction_id,
    retailValueCents: facts.retail_value_cents,
    entryFeePaidCents,
    priceCents: Math.max(0, facts.retail_value_cents - entryFeePaidCents),
    deadlineAt: deadline.toISOString(),
    stockLeft: facts.buy_now_stock === null ? null : facts.buy_now_stock - facts.sold,
  };
}

/** The offer, or the refusal thrown. */
export function offerOrRefuse(facts: OfferFacts, userId: string, now: Date): BuyNowOffer {
  const judged = judgeOffer(facts, userId, now);
  if (typeof judged === "string") throw new Refusal(judged);
  return judged;
}

/** Every offer open to the bidder now: the ended auctions of the last 48 hours they enrolled in. */
export async function listOffers(db: Queryable, userId: string, now: Date): Promise<BuyNowOffer[]> {
  const since = new Date(now.getTime() - BUY_NOW_WINDOW_HOURS * 3600_000);
  const rows = await db.query<OfferFacts>(
    factsSql(
      `a.status = 'Ended' and a.buy_now_enabled and coalesce(a.ended_at, a.ends_at) > $1
       and exists (select 1 from enrolments e where e.auction_id = a.id and e.user_id = $2)`,
    ),
    [since, userId],
  );
  return rows.map((row) => judgeOffer(row, userId, now)).filter((offer): offer is BuyNowOffer => typeof offer !== "string");
}

/** A purchase's own columns besides those it shares with a won auction's fulfilment; paid at once, so paid in full. */
type PurchaseRow = DeliveryRow<PaidColumns> & { id: number; retail_value_cents: number; entry_fee_paid_cents: number; price_cents: number };

const selectPurchases = (titleLanguage?: Language) =>
  selectDeliveries(
    { table: "buy_now_purchases", alias: "b", columns: "b.id, b.retail_value_cents, b.entry_fee_paid_cents, b.price_cents" },
    titleLanguage,
  );

const toPurchase = (row: PurchaseRow): BuyNowPurchase => ({
  ...toDelivery(row),
  purchaseId: row.id,
  retailValueCents: row.retail_value_cents,
  entryFeePaidCents: row.entry_fee_paid_cents,
  priceCents: row.price_cents,
  paidAt: row.paid_at.toISOString(),
});

const toOperatorPurchase = (row: PurchaseRow): OperatorBuyNowPurchase => ({ ...toPurchase(row), ...recipientOf("buyer", row) });

/** The purchases with these ids, with their buyers: what operators get back and the feed sends each buyer. */
export async function purchasesOf(db: Queryable, purchaseIds: number[]): Promise<OperatorBuyNowPurchase[]> {
  if (purchaseIds.length === 0) return [];
  const rows = await db.query<PurchaseRow>(`${selectPurchases()} where b.id = any($1::bigint[]) order by b.id`, [purchaseIds]);
  return rows.map(toOperatorPurchase);
}

/** How many of a bidder's own purchases one page of GET /api/buy-now/purchases holds (as the wallet's transactions). */
export const OWN_PURCHASES_PAGE_SIZE = 20;

/** One page of the bidder's own purchases, newest first, titles in `language`, with how many there are in all. */
export async function ownPurchases(
  db: Queryable,
  input: { userId: string; language: Language; page: number },
): Promise<BuyNowPurchasesResponse> {
  const pageSize = OWN_PURCHASES_PAGE_SIZE;
  const [rows, [count]] = await Promise.all([
    db.query<PurchaseRow>(`${selectPurchases(input.language)} where b.user_id = $1 order by b.paid_at desc, b.id desc limit $2 offset $3`, [
      input.userId,
      pageSize,
      (input.page - 1) * pageSize,
    ]),
    db.query<{ total: number }>("select count(*)::int as total from buy_now_purchases where user_id = $1", [input.userId]),
  ]);
  return { items: rows.map(toPurchase), page: input.page, pageSize, total: count?.total ?? 0 };
}

/** The bidder's offer for the auction (or why there is none) and their purchase of it, for the auction page. */
export async function buyNowStatus(
  db: Queryable,
  input: { userId: string; auctionId: number; language: Language; now: Date },
): Promise<BuyNowStatus> {
  const defaults = await deliveryDefaults(db, input.userId);
  const [row] = await db.query<PurchaseRow>(`${selectPurchases(input.language)} where b.auction_id = $1 and b.user_id = $2`, [
    input.auctionId,
    input.userId,
  ]);
  if (row) return { offer: null, purchase: toPurchase(row), reason: null, defaults };
  const judged = judgeOffer(await offerFacts(db, input.auctionId, input.userId), input.userId, input.now);
  return typeof judged === "string"
    ? { offer: null, purchase: null, reason: judged, defaults }
    : { offer: judged, purchase: null, reason: null, defaults };
}

/** For operators: every purchase, or those in one state, oldest payment first, titled in the operator's `language`. */
export async function listPurchases(
  db: Queryable,
  filter: { state?: FulfilmentState | undefined; limit?: number },
  language: Language,
): Promise<OperatorBuyNowPurchase[]> {
  const rows = await db.query<PurchaseRow>(
    `${selectPurchases(language)} where ($1::text is null or b.state = $1) order by b.paid_at, b.id limit $2`,
    [filter.state ?? null, filter.limit ?? 100],
  );
  return rows.map(toOperatorPurchase);
}
