// What operators do to users: find and list them (with their balance, recent ledger and enrolments), open a confirmed account
// and change a role, each change logged in the operators' log. The API routes and the ops CLI both call these.
import {
  CreateUserBody,
  type Language,
  type OperatorUser,
  type OperatorUserBid,
  type OperatorUserDetail,
  type OperatorUserEnrolment,
  type OperatorUserPurchase,
  type OperatorUserSession,
  type OperatorUserWin,
  type WalletTransaction,
} from "../../contract";
import { emailKey } from "../accounts/accounts.service";
import { claimDisplayName, displayNameKey } from "../accounts/display-names";
import { hashPassword } from "../accounts/passwords";
import { titleIn } from "../auction-texts";
import type { Database, Queryable } from "../db/database";
import { Refusal } from "../refusal";
import { SESSION_IDLE_SECONDS } from "../accounts/sessions";
import { spendLimitsView } from "../wallet/spend-limits";
import { listTransactions } from "../wallet/wallet.service";
import { logOperatorAction } from "../audit/operator-actions";

const USER_SELECT = `select u.id, u.email, u.first_name, u.last_name, u.display_name, u.role, u.is_demo,
       u.email_confirmed_at is not null as is_confirmed, u.created_at, coalesce(w.balance_cents, 0) as balance_cents
  from users u left join wallets w on w.user_id = u.id`;

type UserRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  role: OperatorUser["role"];
  is_demo: boolean;
  is_confirmed: boolean;
  created_at: Date;
  balance_cents: number;
};

const toOperatorUser = (row: UserRow): OperatorUser => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  displayName: row.display_name,
  role: row.role,
  isDemo: row.is_demo,
  isConfirmed: row.is_confirmed,
  createdAt: row.created_at.toISOString(),
  balanceCents: row.balance_cents,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which column a reference names, decided by its form alone (STYLE.md 32): an id, an e-mail (it holds "@", which no
 * display name may), or else a display name. A reference never matches two kinds of key, so a bidder cannot take
 * over a lookup by calling themselves after someone's e-mail.
 */
export function userKeyOf(ref: string): { column: "id" | "email_key" | "display_name_key"; key: string } {
  const trimmed = ref.trim();
  if (UUID.test(trimmed)) return { column: "id", key: trimmed.toLowerCase() };
  if (trimmed.includes("@")) return { column: "email_key", key: emailKey(trimmed) };
  return { column: "display_name_key", key: displayNameKey(trimmed) };
}

/** A user by id, e-mail or display name (case-insensitive), each matched against its own kind of key only. */
export async function findUser(db: Queryable, ref: string): Promise<OperatorUser> {
  const { column, key } = userKeyOf(ref);
  const rows = await db.query<UserRow>(`${USER_SELECT} where u.${column} = $1 limit 2`, [key]);
  if (rows.length > 1) throw new Refusal("CONFLICT", `"${ref}" names more than one user: use the user's id.`);
  if (!rows[0]) throw new Refusal("NOT_FOUND", `There is no user "${ref}".`);
  return toOperatorUser(rows[0]);
}

type UserFilter = { search?: string | undefined; isDemo?: boolean | undefined; limit: number; offset?: number };

/**
 * A page of users, newest first, with how many the filter matches in all. A search never picks by chance: an id
 * matches that user only; anything else matches a part of an e-mail, a display name or a first and last name, and
 * `exactId` names the one user whose whole e-mail (or id) it is, whom the back office then opens.
 */
export async function userPage(
  db: Queryable,
  filter: UserFilter,
): Promise<{ items: OperatorUser[]; total: number; exactId: string | null }> {
  const search = filter.search?.trim() || null;
  const id = search && UUID.test(search) ? search.toLowerCase() : null;
  const pattern = search && !id ? `%${search.toLowerCase().replace(/[\\%_]/g, "\\$&")}%` : null;
  const rows = await db.query<UserRow & { total: string }>(
    `${USER_SELECT.replace("select ", "select count(*) over () as total, ")}
     where ($1::text is null or u.email_key like $1 or u.display_name_key like $1 or lower(u.first_name || ' ' || u.last_name) like $1)
       and ($5::uuid is null or u.id = $5)
       and ($2::boolean is null or u.is_demo = $2)
     order by u.created_at desc, u.id limit $3 offset $4`,
    [pattern, filter.isDemo ?? null, filter.limit, filter.offset ?? 0, id],
  );
  // A page past the end has no rows to carry the count: ask for the first.
  const total = rows[0] ? Number(rows[0].total) : filter.offset ? (await userPage(db, { ...filter, limit: 1, offset: 0 })).total : 0;
  return { items: rows.map(toOperatorUser), total, exactId: search ? await exactUserId(db, search, id) : null };
}

/** The user a search names whole: by id, or by an e-mail (which is unique); else null. */
async function exactUserId(db: Queryable, search: string, id: string | null): Promise<string | null> {
  if (!id && !search.includes("@")) return null;
  const [row] = await db.query<{ id: string }>(id ? "select id from users where id = $1" : "select id from users where email_key = $1", [
    id ?? emailKey(search),
  ]);
  return row?.id ?? null;
}

export async function listUsers(db: Queryable, filter: UserFilter): Promise<OperatorUser[]> {
  return (await userPage(db, filter)).items;
}

/** A user as an operator sees them: their ledger and enrolments with lines and titles in the operator's `language`. */
export async function userDetail(db: Queryable, ref: string, language: Language): Promise<OperatorUserDetail> {
  const user = await findUser(db, ref);
  const { items } = await listTransactions(db, user.id, { limit: 50, offset: 0 }, language);
  const enrolments = await db.query<{
    auction_id: number;
    title: string;
    status: OperatorUserEnrolment["status"];
    fee_cents: number;
    created_at: Date;
    is_winner: boolean;
  }>(
    `select e.auction_id, ${titleIn(language)} as title, a.status, e.fee_cents, e.created_at, coalesce(a.winner_id = e.user_id, false) as is_winner
     from enrolments e join auctions a on a.id = e.auction_id
     where e.user_id = $1 order by e.created_at desc, e.auction_id desc limit 50`,
    [user.id],
  );
  const [sessions] = await db.query<{ count: number }>(`select count(*)::int as count from sessions where ${OPEN_SESSION}`, [user.id]);
  return {
    ...user,
    limits: await spendLimitsView(db, user.id, new Date()),
    openSessions: sessions?.count ?? 0,
    transactions: items,
    enrolments: enrolments.map((row) => ({
      auctionId: row.auction_id,
      title: row.title,
      status: row.status,
      feeCents: row.fee_cents,
      at: row.created_at.toISOString(),
      isWinner: row.is_winner,
    })),
  };
}

export async function setRole(db: Database, actor: string, ref: string, role: OperatorUser["role"]): Promise<OperatorUser> {
  const user = await findUser(db, ref);
  await db.transaction(async (tx) => {
    await tx.query("update users set role = $2, updated_at = now() where id = $1", [user.id, role]);
    await logOperatorAction(tx, actor, "user.role", `user:${user.id}`, { role });
  });
  return findUser(db, user.id);
}

/** Opens a confirmed account (no confirmation mail: the operator vouches for it); a taken e-mail or name is refused. */
export async function createUser(db: Database, actor: string, input: CreateUserBody): Promise<OperatorUser> {
  const body = CreateUserBody.parse(input);
  const passwordHash = await hashPassword(body.password);
  const id = await db.transaction(async (tx) => {
    const [emailTaken] = await tx.query("select 1 from users where email_key = $1", [emailKey(body.email)]);
    if (emailTaken) throw new Refusal("CONFLICT", `${body.email} already has an account.`);
    // An operator may open the service's own accounts under reserved names, but never a look-alike of someone's.
    const name = await claimDisplayName(tx, body.displayName, null, { mayBeReserved: true });
    if (name.kind !== "free") throw new Refusal("CONFLICT", `The display name ${body.displayName} is taken, or too like one that is.`);
    const [row] = await tx.query<{ id: string }>(
      `insert into users (email, email_key, password_hash, first_name, last_name, display_name, display_name_key, display_name_skeleton,
                          role, is_demo, language, email_confirmed_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'en', now()) returning id`,
      [
        body.email.trim(),
        emailKey(body.email),
        passwordHash,
        body.firstName,
        body.lastName,
        body.displayName,
        name.key,
        name.skeleton,
        body.role,
        body.isDemo,
      ],
    );
    await logOperatorAction(tx, actor, "user.create", `user:${row!.id}`, { email: body.email, isDemo: body.isDemo });
    return row!.id;
  });
  return findUser(db, id);
}

// A user's lists, a page at a time (decision 089): each newest first, with how many there are in all.

type Page = { limit: number; offset: number };
type Paged<T> = { items: T[]; total: number };

async function counted<T>(db: Queryable, countSql: string, userId: string, read: () => Promise<T[]>): Promise<Paged<T>> {
  const [row] = await db.query<{ total: number }>(countSql, [userId]);
  return { items: await read(), total: row?.total ?? 0 };
}

export async function userTransactions(db: Queryable, ref: string, page: Page, language: Language): Promise<Paged<WalletTransaction>> {
  const user = await findUser(db, ref);
  return listTransactions(db, user.id, page, language);
}

export async function userEnrolments(db: Queryable, ref: string, page: Page, language: Language): Promise<Paged<OperatorUserEnrolment>> {
  const user = await findUser(db, ref);
  return counted(db, "select count(*)::int as total from enrolments where user_id = $1", user.id, async () =>
    (
      await db.query<{
        auction_id: number;
        title: string;
        status: OperatorUserEnrolment["status"];
        fee_cents: number;
        created_at: Date;
        is_winner: boolean;
      }>(
        `select e.auction_id, ${titleIn(language)} as title, a.status, e.fee_cents, e.created_at, coalesce(a.winner_id = e.user_id, false) as is_winner
         from enrolments e join auctions a on a.id = e.auction_id
         where e.user_id = $1 order by e.created_at desc, e.auction_id desc limit $2 offset $3`,
        [user.id, page.limit, page.offset],
      )
    ).map((row) => ({
      auctionId: row.auction_id,
      title: row.title,
      status: row.status,
      feeCents: row.fee_cents,
      at: row.created_at.toISOString(),
      isWinner: row.is_winner,
    })),
  );
}

export async function userBids(db: Queryable, ref: string, page: Page, language: Language): Promise<Paged<OperatorUserBid>> {
  const user = await findUser(db, ref);
  return counted(db, "select count(*)::int as total from bids where user_id = $1", user.id, async () =>
    (
      await db.query<{ id: number; auction_id: number; title: string; price_cents: number; placed_at: Date; is_auto: boolean }>(
        `select b.id, b.auction_id, ${titleIn(language)} as title, b.price_cents, b.placed_at, b.is_auto
         from bids b join auctions a on a.id = b.auction_id
         where b.user_id = $1 order by b.placed_at desc, b.id desc limit $2 offset $3`,
        [user.id, page.limit, page.offset],
      )
    ).map((row) => ({
      id: Number(row.id),
      auctionId: Number(row.auction_id),
      title: row.title,
      priceCents: row.price_cents,
      placedAt: row.placed_at.toISOString(),
      isAuto: row.is_auto,
    })),
  );
}

export async function userWins(db: Queryable, ref: string, page: Page, language: Language): Promise<Paged<OperatorUserWin>> {
  const user = await findUser(db, ref);
  return counted(db, "select count(*)::int as total from fulfilments where user_id = $1", user.id, async () =>
    (
      await db.query<{ auction_id: number; title: string; price_cents: number; created_at: Date; state: OperatorUserWin["state"] }>(
        `select f.auction_id, ${titleIn(language)} as title, f.price_cents, f.created_at, f.state
         from fulfilments f join auctions a on a.id = f.auction_id
         where f.user_id = $1 order by f.created_at desc, f.auction_id desc limit $2 offset $3`,
        [user.id, page.limit, page.offset],
      )
    ).map((row) => ({
      auctionId: Number(row.auction_id),
      title: row.title,
      priceCents: row.price_cents,
      wonAt: row.created_at.toISOString(),
      state: row.state,
    })),
  );
}

export async function userPurchases(db: Queryable, ref: string, page: Page, language: Language): Promise<Paged<OperatorUserPurchase>> {
  const user = await findUser(db, ref);
  return counted(db, "select count(*)::int as total from buy_now_purchases where user_id = $1", user.id, async () =>
    (
      await db.query<{
        id: number;
        auction_id: number;
        title: string;
        amount_paid_cents: number;
        paid_at: Date;
        state: OperatorUserPurchase["state"];
      }>(
        `select p.id, p.auction_id, ${titleIn(language)} as title, p.amount_paid_cents, p.paid_at, p.state
         from buy_now_purchases p join auctions a on a.id = p.auction_id
         where p.user_id = $1 order by p.paid_at desc, p.id desc limit $2 offset $3`,
        [user.id, page.limit, page.offset],
      )
    ).map((row) => ({
      id: Number(row.id),
      auctionId: Number(row.auction_id),
      title: row.title,
      amountPaidCents: row.amount_paid_cents,
      paidAt: row.paid_at.toISOString(),
      state: row.state,
    })),
  );
}

/** The sessions that still let the user in: not past their end, nor idle too long (as loadSession judges them). */
const OPEN_SESSION =
  "user_id = $1 and expires_at > now() and last_seen_at > now() - make_interval(secs => " + String(SESSION_IDLE_SECONDS) + ")";

export async function userSessions(db: Queryable, ref: string, page: Page): Promise<Paged<OperatorUserSession>> {
  const user = await findUser(db, ref);
  return counted(db, `select count(*)::int as total from sessions where ${OPEN_SESSION}`, user.id, async () =>
    (
      await db.query<{ created_at: Date; last_seen_at: Date; expires_at: Date }>(
        `select created_at, last_seen_at, least(expires_at, last_seen_at + make_interval(secs => ${String(SESSION_IDLE_SECONDS)})) as expires_at
         from sessions where ${OPEN_SESSION} order by last_seen_at desc, id_hash limit $2 offset $3`,
        [user.id, page.limit, page.offset],
      )
    ).map((row) => ({
      createdAt: row.created_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
    })),
  );
}

/**
 * Ends every session of the user, logged with how many it ended. The caller also ends their sockets
 * (`SessionSockets.endUser`): an open page then finds itself signed out.
 */
export async function signOutEverywhere(db: Database, actor: string, ref: string): Promise<{ userId: string; ended: number }> {
  const user = await findUser(db, ref);
  const ended = await db.transaction(async (tx) => {
    const rows = await tx.query("delete from sessions where user_id = $1 returning 1", [user.id]);
    await logOperatorAction(tx, actor, "user.sign-out-everywhere", `user:${user.id}`, { sessions: rows.length });
    return rows.length;
  });
  return { userId: user.id, ended };
}
