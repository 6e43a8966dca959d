// Everything held about one user, table by table (issue 53 items 2 and 3, decisions 092 and 093): what "Download my
// data" exports from each table and what closing the account does to it. A table that gains a user's id must be
// listed here or in `notPersonal`; tests/integration/personal-data.test.ts reads the catalog and fails otherwise.
import type { Queryable } from "../db/database";

/** What closing the account does to a table's rows of the user. */
type OnClose =
  /** The rows are personal and serve nothing after the account: deleted. */
  | { kind: "delete" }
  /** Kept (accounting law, the bid chain, a public result), as they are or made anonymous by `anonymise` ($1: the user's id). */
  | { kind: "keep"; why: string; anonymise?: string };

type PersonalTable = {
  /** The export's section name. */
  section: string;
  table: string;
  /** The column holding the user's id. */
  userColumn: string;
  /** The export's rows; `$1` is the user's id. Secrets (hashes of cookies and tokens, push keys) are left out. */
  exportSql: string;
  onClose: OnClose;
};

const iso = (column: string, as = column) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${as.includes(".") ? as.split(".")[1] : as}`;

/** What a closed account's kept delivery records say where the address and phone were. */
export const ERASED = "(erased)";

export const personalTables: PersonalTable[] = [
  {
    section: "account",
    table: "users",
    userColumn: "id",
    exportSql: `select id, email, first_name, last_name, display_name, phone, delivery_address, to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth,
                       is_marketing_consent_given as marketing_consent, language, role, reality_check_minutes, ${iso("email_confirmed_at")}, ${iso("created_at")}, ${iso("updated_at")}
                from users where id = $1`,
    onClose: { kind: "keep", why: "the ledger, payments and bids refer to the account's id; the row is erased by closeAccount" },
  },
  {
    section: "sessions",
    table: "sessions",
    userColumn: "user_id",
    exportSql: `select ${iso("created_at")}, ${iso("last_seen_at")}, ${iso("expires_at")}, ${iso("play_started_at")}, ${iso("reality_checked_at")}
                from sessions where user_id = $1 order by created_at`,
    onClose: { kind: "delete" },
  },
  {
    section: "accountTokens",
    table: "account_tokens",
    userColumn: "user_id",
    exportSql: `select purpose, ${iso("created_at")}, ${iso("expires_at")}, ${iso("used_at")} from account_tokens where user_id = $1 order by created_at`,
    onClose: { kind: "delete" },
  },
  {
    section: "wallet",
    table: "wallets",
    userColumn: "user_id",
    exportSql: `select balance_cents, ${iso("updated_at")} from wallets where user_id = $1`,
    onClose: { kind: "keep", why: "accounting: the balance the ledger sums to" },
  },
  {
    section: "ledger",
    table: "wallet_transactions",
    userColumn: "user_id",
    exportSql: `select id, ${iso("created_at")}, type, amount_cents, description, auction_id, source, promo_code
                from wallet_transactions where user_id = $1 order by created_at, id`,
    onClose: { kind: "keep", why: "accounting law: every movement of money is kept, and names no one" },
  },
  {
    section: "payments",
    table: "payments",
    userColumn: "user_id",
    exportSql: `select id, amount_cents, status, provider, provider_ref, method, ${iso("created_at")}, ${iso("settled_at")}, transaction_id
                from payments where user_id = $1 order by created_at`,
    onClose: { kind: "keep", why: "accounting law: top-ups are kept, and name no one" },
  },
  {
    section: "withdrawals",
    table: "withdrawals",
    userColumn: "user_id",
    exportSql: `select w.id, w.amount_cents, w.status, w.language, ${iso("w.created_at", "created_at")}, ${iso("w.settled_at", "settled_at")},
                       coalesce((select json_agg(json_build_object('kind', p.kind, 'amountCents', p.amount_cents, 'status', p.status,
                                   'iban', p.iban, 'reason', p.reason, 'settledAt', p.settled_at) order by p.created_at)
                                 from withdrawal_parts p where p.withdrawal_id = w.id), '[]') as parts
                from withdrawals w where w.user_id = $1 order by w.created_at`,
    onClose: {
      kind: "keep",
      why: "accounting law: money paid out is kept with its parts (a payout's IBAN is its record of where it went)",
    },
  },
  {
    section: "enrolments",
    table: "enrolments",
    userColumn: "user_id",
    exportSql: `select e.auction_id, a.title, e.fee_cents, ${iso("e.created_at", "created_at")}, ${iso("e.last_bid_at", "last_bid_at")}
                from enrolments e join auctions a on a.id = e.auction_id where e.user_id = $1 order by e.created_at`,
    onClose: { kind: "keep", why: "the bids refer to them, and the entry fees were paid" },
  },
  {
    section: "bids",
    table: "bids",
    userColumn: "user_id",
    exportSql: `select id, auction_id, price_cents, ${iso("placed_at")}, is_auto, prev_hash, hash from bids where user_id = $1 order by id`,
    onClose: { kind: "keep", why: "the auctions' hash chains cover them (by the account's random id, never its name)" },
  },
  {
    section: "autoBids",
    table: "auto_bids",
    userColumn: "user_id",
    exportSql: `select auction_id, max_price_cents, ${iso("created_at")} from auto_bids where user_id = $1 order by created_at`,
    onClose: { kind: "delete" },
  },
  {
    section: "favourites",
    table: "favourites",
    userColumn: "user_id",
    exportSql: `select auction_id, ${iso("created_at")} from favourites where user_id = $1 order by created_at`,
    onClose: { kind: "delete" },
  },
  {
    section: "wins",
    table: "auctions",
    userColumn: "winner_id",
    exportSql: `select id as auction_id, title, price_cents, ${iso("ended_at")}, final_hash from auctions where winner_id = $1 order by ended_at`,
    onClose: { kind: "keep", why: "a public result: the winner shows as Deleted bidder" },
  },
  {
    section: "leading",
    table: "auctions",
    userColumn: "leader_id",
    exportSql: `select id as auction_id, title, status, price_cents from auctions where leader_id = $1 and status = 'Running'`,
    onClose: { kind: "keep", why: "a public result; closing is refused while the account leads a running auction" },
  },
  {
    section: "deliveries",
    table: "fulfilments",
    userColumn: "user_id",
    exportSql: `select auction_id, state, price_cents, amount_paid_cents, discount_cents, delivery_address, phone, ${iso("deadline_at")}, ${iso("paid_at")},
                       ${iso("in_delivery_at")}, ${iso("delivered_at")}, ${iso("expired_at")}, ${iso("created_at")}
                from fulfilments where user_id = $1 order by created_at`,
    onClose: {
      kind: "keep",
      why: "accounting law: a sale is kept, without its address and phone",
      anonymise: `update fulfilments set delivery_address = case when delivery_address is null then null else '${ERASED}' end,
                         phone = case when phone is null then null else '${ERASED}' end where user_id = $1`,
    },
  },
  {
    section: "promoRedemptions",
    table: "promo_redemptions",
    userColumn: "user_id",
    exportSql: `select auction_id, purchase_id, promo_code_id, discount_cents, ${iso("created_at")} from promo_redemptions where user_id = $1 order by created_at`,
    onClose: { kind: "keep", why: "accounting law: the discount on a sale" },
  },
  {
    section: "buyItNowPurchases",
    table: "buy_now_purchases",
    userColumn: "user_id",
    exportSql: `select id, auction_id, state, retail_value_cents, entry_fee_paid_cents, price_cents, amount_paid_cents, discount_cents, delivery_address, phone,
                       ${iso("paid_at")}, ${iso("in_delivery_at")}, ${iso("delivered_at")}, ${iso("created_at")}
                from buy_now_purchases where user_id = $1 order by created_at`,
    onClose: {
      kind: "keep",
      why: "accounting law: a sale is kept, without its address and phone",
      anonymise: `update buy_now_purchases set delivery_address = '${ERASED}', phone = '${ERASED}' where user_id = $1`,
    },
  },
  {
    section: "limitsAndPauses",
    table: "spend_limits",
    userColumn: "user_id",
    exportSql: `select auction_limit_cents, auction_next_cents, ${iso("auction_next_at")}, top_up_limit_cents, top_up_next_cents, ${iso("top_up_next_at")},
                       ${iso("paused_until")}, ${iso("updated_at")}
                from spend_limits where user_id = $1`,
    onClose: { kind: "delete" },
  },
  {
    section: "pushSubscriptions",
    table: "push_subscriptions",
    userColumn: "user_id",
    exportSql: `select id, endpoint, ${iso("created_at")} from push_subscriptions where user_id = $1 order by id`,
    onClose: { kind: "delete" },
  },
  {
    section: "pushSettings",
    table: "push_settings",
    userColumn: "user_id",
    exportSql: `select outbid, favourites, won, sent from push_settings where user_id = $1`,
    onClose: { kind: "delete" },
  },
  {
    section: "pushNotices",
    table: "push_notices",
    userColumn: "user_id",
    exportSql: `select auction_id, kind, ${iso("noticed_at")} from push_notices where user_id = $1 order by noticed_at`,
    onClose: { kind: "delete" },
  },
  {
    section: "pushOutbox",
    table: "push_outbox",
    userColumn: "user_id",
    exportSql: `select id, payload, attempts, ${iso("created_at")} from push_outbox where user_id = $1 order by id`,
    onClose: { kind: "delete" },
  },
  {
    section: "tourProgress",
    table: "tour_progress",
    userColumn: "user_id",
    exportSql: `select tour_name, current_step, is_completed, ${iso("updated_at")} from tour_progress where user_id = $1 order by tour_name`,
    onClose: { kind: "delete" },
  },
  // Reviews of delivered wins and purchases (decision 104): the author's words and photos, gone with the account.
  {
    section: "reviews",
    table: "reviews",
    userColumn: "user_id",
    exportSql: `select id, auction_id, win_auction_id, purchase_id, rating, body, photos, ${iso("created_at")}, ${iso("hidden_at")}, hidden_reason
                from reviews where user_id = $1 order by id`,
    onClose: { kind: "delete" },
  },
];

/**
 * Tables with a user column that hold nothing of the user to export, each with the reason. Empty today: every table
 * that names a user is above.
 */
export const notPersonal: { table: string; userColumn: string; why: string }[] = [];

/**
 * Rows about the user that name them by e-mail or id in a text column rather than a user column: the audit log
 * (operators' actions on the account) and the steps of their deliveries and purchases.
 */
const mentionSections = {
  auditLog: `select ${iso("created_at")}, actor, action, subject, details from operator_actions
             where subject = $1::text or subject = $2 or actor = $2 order by id`,
  deliverySteps: `select ev.auction_id, ev.from_state, ev.to_state, ${iso("ev.created_at", "created_at")} from fulfilment_events ev
                  join fulfilments f on f.auction_id = ev.auction_id where f.user_id = $1 order by ev.id`,
  buyItNowSteps: `select p.auction_id, ev.from_state, ev.to_state, ${iso("ev.created_at", "created_at")} from buy_now_events ev
                  join buy_now_purchases p on p.id = ev.purchase_id where p.user_id = $1 order by ev.id`,
} as const;

export type MyData = { exportedAt: string; format: "pennybid-my-data/1"; sections: Record<string, unknown[]> };

/** Everything held about `userId`, section by section. */
export async function exportMyData(db: Queryable, userId: string): Promise<MyData> {
  const sections: Record<string, unknown[]> = {};
  for (const t of personalTables) sections[t.section] = await db.query(t.exportSql, [userId]);
  const [user] = await db.query<{ email: string }>("select email from users where id = $1", [userId]);
  const email = user?.email ?? "";
  sections.auditLog = await db.query(mentionSections.auditLog, [userId, email]);
  sections.deliverySteps = await db.query(mentionSections.deliverySteps, [userId]);
  sections.buyItNowSteps = await db.query(mentionSections.buyItNowSteps, [userId]);
  return { exportedAt: new Date().toISOString(), format: "pennybid-my-data/1", sections };
}

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : String(value);
  // A cell a spreadsheet would read as a formula is quoted with a leading apostrophe (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The ledger as CSV: one line per entry, amounts in euros with a point (machine-readable, not a statement). */
export async function ledgerCsv(db: Queryable, userId: string): Promise<string> {
  const rows = await db.query<{
    id: number;
    created_at: string;
    type: string;
    amount_cents: number;
    description: string;
    auction_id: number | null;
    source: string | null;
  }>(
    `select id, ${iso("created_at")}, type, amount_cents, description, auction_id, source from wallet_transactions where user_id = $1 order by created_at, id`,
    [userId],
  );
  const lines = [["id", "created_at", "type", "amount_eur", "description", "auction_id", "source"].join(",")];
  for (const row of rows) {
    const cents = Number(row.amount_cents);
    const amount = `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
    lines.push([row.id, row.created_at, row.type, amount, row.description, row.auction_id, row.source].map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
