// Promo codes: a percentage or a fixed discount, optional validity dates, optional limits overall and per user.
// Operators create and disable them; a winner redeems one when paying. Codes match without regard to case.
import { CreatePromoCodeBody, type PromoCode } from "../../contract";
import type { Database, Queryable } from "../db/database";
import { logOperatorAction } from "../audit/operator-actions";
import { Refusal } from "../refusal";

export type UsablePromoCode = { id: number; code: string; kind: "percent" | "fixed"; amount: number };

/** The discount on a price: a whole percentage (rounded to the cent) or a fixed amount, never more than the price. */
export function discountCents(priceCents: number, promo: Pick<UsablePromoCode, "kind" | "amount">): number {
  const raw = promo.kind === "percent" ? Math.round((priceCents * promo.amount) / 100) : promo.amount;
  return Math.min(priceCents, Math.max(0, raw));
}

/** What a bidder pays for an item: its price, the promo code's discount and what is left, and the code applied. */
export type Quote = { priceCents: number; discountCents: number; amountCents: number; promoCode: string | null };

/**
 * The quote for `priceCents` with the promo code of `input`, if one is given (PROMO_CODE_INVALID when this user may not
 * use it now), and the code itself for the redemption; `lock` when it is about to be redeemed (`findUsablePromoCode`).
 * A winner's payment and a Buy it now purchase price the same way.
 */
export async function quoteWithPromo(
  tx: Queryable,
  priceCents: number,
  input: { userId: string; promoCode?: string | undefined; now: Date },
  options: { lock?: boolean } = {},
): Promise<{ quote: Quote; promo: UsablePromoCode | null }> {
  const promo = input.promoCode ? await findUsablePromoCode(tx, input.promoCode, input.userId, input.now, options) : null;
  const discount = promo ? discountCents(priceCents, promo) : 0;
  return { quote: { priceCents, discountCents: discount, amountCents: priceCents - discount, promoCode: promo?.code ?? null }, promo };
}

/** Notes a redeemed code against what it paid for, a won auction or a Buy it now purchase (once each); none: nothing. */
export async function recordRedemption(
  tx: Queryable,
  promo: UsablePromoCode | null,
  paidFor: { auctionId: number } | { purchaseId: number },
  userId: string,
  discountCents: number,
): Promise<void> {
  if (!promo) return;
  await tx.query(
    "insert into promo_redemptions (auction_id, purchase_id, promo_code_id, user_id, discount_cents) values ($1, $2, $3, $4, $5)",
    [
      "auctionId" in paidFor ? paidFor.auctionId : null,
      "purchaseId" in paidFor ? paidFor.purchaseId : null,
      promo.id,
      userId,
      discountCents,
    ],
  );
}

/** The ledger's note of a redeemed code, after the entry's description. */
export const promoNote = (promo: UsablePromoCode | null): string => (promo ? ` (promo code ${promo.code})` : "");

const codeKey = (code: string) => code.trim().toUpperCase();

type PromoRow = {
  id: number;
  code: string;
  kind: "percent" | "fixed";
  amount: number;
  valid_from: Date | null;
  valid_until: Date | null;
  max_uses: number | null;
  max_uses_per_user: number | null;
  disabled_at: Date | null;
};

/**
 * The promo code if this user may use it now; otherwise PROMO_CODE_INVALID, whatever the reason (unknown, disabled,
 * not yet valid, expired, used up overall or by this user), so codes cannot be probed. With `lock`, the code's row stays
 * locked to the end of the transaction, so two payments cannot both take its last use.
 */
export async function findUsablePromoCode(
  tx: Queryable,
  code: string,
  userId: string,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<UsablePromoCode> {
  const [promo] = await tx.query<PromoRow>(
    `select id, code, kind, amount, valid_from, valid_until, max_uses, max_uses_per_user, disabled_at
     from promo_codes where code_key = $1 ${options.lock ? "for update" : ""}`,
    [codeKey(code)],
  );
  if (!promo || promo.disabled_at) throw new Refusal("PROMO_CODE_INVALID");
  if ((promo.valid_from && promo.valid_from > now) || (promo.valid_until && promo.valid_until <= now)) {
    throw new Refusal("PROMO_CODE_INVALID");
  }
  const [uses] = await tx.query<{ total: number; by_user: number }>(
    `select count(*) as total, count(*) filter (where user_id = $2) as by_user from promo_redemptions where promo_code_id = $1`,
    [promo.id, userId],
  );
  const total = uses?.total ?? 0;
  const byUser = uses?.by_user ?? 0;
  if ((promo.max_uses !== null && total >= promo.max_uses) || (promo.max_uses_per_user !== null && byUser >= promo.max_uses_per_user)) {
    throw new Refusal("PROMO_CODE_INVALID");
  }
  return { id: promo.id, code: promo.code, kind: promo.kind, amount: promo.amount };
}

type ListedRow = PromoRow & { uses: number; created_by: string; created_at: Date };

const toPromoCode = (row: ListedRow): PromoCode => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  amount: row.amount,
  validFrom: row.valid_from?.toISOString() ?? null,
  validUntil: row.valid_until?.toISOString() ?? null,
  maxUses: row.max_uses,
  maxUsesPerUser: row.max_uses_per_user,
  uses: row.uses,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
  disabledAt: row.disabled_at?.toISOString() ?? null,
});

const LIST_SELECT = `select p.id, p.code, p.kind, p.amount, p.valid_from, p.valid_until, p.max_uses, p.max_uses_per_user,
       p.created_by, p.created_at, p.disabled_at, (select count(*) from promo_redemptions r where r.promo_code_id = p.id) as uses
  from promo_codes p`;

/** Creates a promo code (PROMO_CODE_EXISTS when the text, in any case, is taken). */
export async function createPromoCode(db: Database, input: CreatePromoCodeBody, context: { actor: string }): Promise<PromoCode> {
  const body = CreatePromoCodeBody.parse(input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into promo_codes (code, code_key, kind, amount, valid_from, valid_until, max_uses, max_uses_per_user, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (code_key) do nothing returning id`,
      [
        body.code,
        codeKey(body.code),
        body.kind,
        body.amount,
        body.validFrom ? new Date(body.validFrom) : null,
        body.validUntil ? new Date(body.validUntil) : null,
        body.maxUses ?? null,
        body.maxUsesPerUser ?? null,
        context.actor.slice(0, 255),
      ],
    );
    if (!row) throw new Refusal("PROMO_CODE_EXISTS");
    await logOperatorAction(tx, context.actor, "promo-code.create", `promo-code:${body.code}`, { kind: body.kind, amount: body.amount });
    return row.id;
  });
  const [created] = await db.query<ListedRow>(`${LIST_SELECT} where p.id = $1`, [id]);
  return toPromoCode(created!);
}

/** Every promo code, newest first, with how often it was used. */
export async function listPromoCodes(db: Queryable): Promise<PromoCode[]> {
  const rows = await db.query<ListedRow>(`${LIST_SELECT} order by p.created_at desc, p.id desc`);
  return rows.map(toPromoCode);
}

/**
 * Disables a promo code (named by its text, any case): from then on it is refused at payment like an unknown one.
 * Decided on the code's locked row, the lock a payment redeeming it takes too, so a payment either used it before or
 * is refused after. NOT_FOUND for an unknown code; CONFLICT when it is already disabled (twice, or another operator
 * was first), changing nothing.
 */
export async function disablePromoCode(db: Database, code: string, context: { actor: string; now: Date }): Promise<PromoCode> {
  const id = await db.transaction(async (tx) => {
    const [promo] = await tx.query<{ id: number; code: string; disabled_at: Date | null }>(
      "select id, code, disabled_at from promo_codes where code_key = $1 for update",
      [codeKey(code)],
    );
    if (!promo) throw new Refusal("NOT_FOUND", `There is no promo code ${code}.`);
    if (promo.disabled_at)
      throw new Refusal("CONFLICT", `The promo code ${promo.code} was already disabled at ${promo.disabled_at.toISOString()}.`);
    await tx.query("update promo_codes set disabled_at = $2 where id = $1 and disabled_at is null", [promo.id, context.now]);
    await logOperatorAction(tx, context.actor, "promo-code.disable", `promo-code:${promo.code}`);
    return promo.id;
  });
  const [disabled] = await db.query<ListedRow>(`${LIST_SELECT} where p.id = $1`, [id]);
  return toPromoCode(disabled!);
}
