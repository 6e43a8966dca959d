// What operators do to auctions: list and read them, create, publish, cancel (refunding the entry fees) and retime
// them. Each change is decided in one transaction with the row locked, refuses (changing nothing) what the current
// state does not allow, and leaves a line in the operators' log. The API routes and the ops CLI both call these.
import {
  CreateAuctionBody,
  languages,
  textsOf,
  UpdateAuctionBody,
  type AuctionStatus,
  type AuctionTexts,
  type OperatorAuction,
  type OperatorAuctionDetail,
} from "../../contract";
import { bidChain, titleMatches } from "../auctions/auctions.queries";
import { advanceLifecycle, refundEntryFees, type Transition } from "../auctions/engine";
import { productKeyOf } from "../auctions/enrolment-rules";
import { fulfilmentsOf } from "../fulfilment/fulfilment.queries";
import type { Database, Queryable } from "../db/database";
import { Refusal } from "../refusal";
import { logOperatorAction } from "../audit/operator-actions";
import type { Changes } from "./publish-changes";
import { prepareImages, storeImages } from "../media/media.service";

const AUCTION_SELECT = `select a.id, a.status, a.title, a.price_cents, a.entry_fee_cents, a.retail_value_cents, a.starts_at,
       a.ends_at, a.ended_at, a.bid_count, a.is_demo, a.seq, l.display_name as leader_name, w.display_name as winner_name,
       w.email as winner_email, (select count(*) from enrolments e where e.auction_id = a.id) as enrolled_count
  from auctions a left join users l on l.id = a.leader_id left join users w on w.id = a.winner_id`;

type AuctionRow = {
  id: number;
  status: AuctionStatus;
  title: string;
  price_cents: number;
  entry_fee_cents: number;
  retail_value_cents: number;
  starts_at: Date;
  ends_at: Date | null;
  ended_at: Date | null;
  bid_count: number;
  is_demo: boolean;
  seq: number;
  leader_name: string | null;
  winner_name: string | null;
  winner_email: string | null;
  enrolled_count: number;
};

const toOperatorAuction = (row: AuctionRow): OperatorAuction => ({
  id: row.id,
  status: row.status,
  title: row.title,
  priceCents: row.price_cents,
  entryFeeCents: row.entry_fee_cents,
  retailValueCents: row.retail_value_cents,
  startsAt: row.starts_at.toISOString(),
  endsAt: row.ends_at?.toISOString() ?? null,
  endedAt: row.ended_at?.toISOString() ?? null,
  bidCount: row.bid_count,
  enrolledCount: row.enrolled_count,
  leaderName: row.leader_name,
  winnerName: row.winner_name,
  winnerEmail: row.winner_email,
  isDemo: row.is_demo,
  seq: Number(row.seq),
});

export type AuctionFilter = { status?: AuctionStatus | undefined; search?: string | undefined; limit: number; offset?: number };

/** One page of the auctions the filter matches, newest first, and how many it matches in all. */
export async function auctionPage(db: Queryable, filter: AuctionFilter): Promise<{ items: OperatorAuction[]; total: number }> {
  const search = filter.search?.trim() || null;
  const rows = await db.query<AuctionRow & { total: number }>(
    `${AUCTION_SELECT.replace("select ", "select count(*) over () as total, ")}
     where ($1::text is null or a.status = $1)
       and ($2::text is null or ${titleMatches("$3")} or a.id::text = $2)
     order by a.id desc limit $4 offset $5`,
    [filter.status ?? null, search, search && `%${search.replace(/[\\%_]/g, "\\$&")}%`, filter.limit, filter.offset ?? 0],
  );
  // Past the last page there is no row to carry the count: ask for it alone.
  const total = rows[0] ? Number(rows[0].total) : filter.offset ? (await auctionPage(db, { ...filter, limit: 1, offset: 0 })).total : 0;
  return { items: rows.map(toOperatorAuction), total };
}

export async function listAuctions(db: Queryable, filter: AuctionFilter): Promise<OperatorAuction[]> {
  return (await auctionPage(db, filter)).items;
}

export async function getAuction(db: Queryable, id: number): Promise<OperatorAuction> {
  const [row] = await db.query<AuctionRow>(`${AUCTION_SELECT} where a.id = $1`, [id]);
  if (!row) throw new Refusal("NOT_FOUND", `There is no auction ${id}.`);
  return toOperatorAuction(row);
}

export async function auctionDetail(db: Queryable, id: number): Promise<OperatorAuctionDetail> {
  const auction = await getAuction(db, id);
  const [settings] = await db.query<{
    images: string[];
    reset_seconds: number;
    initial_seconds: number;
    min_previous_entries: number;
    hard_ends_at: Date | null;
    price_cap_cents: number | null;
    payment_window_hours: number;
    max_previous_wins: number | null;
    enrolment_closes_seconds: number | null;
    enrolment_closes_at_price_cents: number | null;
    real_bidders_only: boolean;
    manual_only: boolean;
    product_key: string;
    fee_back_percent: number;
    min_seats: number | null;
    max_seats: number | null;
  }>(
    `select images, reset_seconds, initial_seconds, min_previous_entries, hard_ends_at, price_cap_cents,
            payment_window_hours, max_previous_wins, enrolment_closes_seconds, enrolment_closes_at_price_cents,
            real_bidders_only, manual_only, product_key, fee_back_percent, min_seats, max_seats from auctions where id = $1`,
    [id],
  );
  const enrolments = await db.query<{ display_name: string; email: string; fee_cents: number; created_at: Date }>(
    `select u.display_name, u.email, e.fee_cents, e.created_at
     from enrolments e join users u on u.id = e.user_id where e.auction_id = $1 order by e.created_at`,
    [id],
  );
  const autoBids = await db.query<{ display_name: string; email: string; max_price_cents: number; created_at: Date }>(
    `select u.display_name, u.email, a.max_price_cents, a.created_at
     from auto_bids a join users u on u.id = a.user_id where a.auction_id = $1 order by a.created_at, a.user_id`,
    [id],
  );
  const texts = await db.query<{ language: keyof AuctionTexts; title: string; description: string }>(
    "select language, title, description from auction_texts where auction_id = $1",
    [id],
  );
  const chain = await bidChain(db, id, { includeUnpublished: true });
  const [fulfilment] = auction.status === "Ended" ? await fulfilmentsOf(db, [id]) : [];
  if (!settings || !chain) throw new Refusal("NOT_FOUND", `There is no auction ${id}.`);
  return {
    ...auction,
    // An auction made without texts (a test's fixture) shows its catalogue title as English.
    texts:
      texts.length > 0
        ? Object.fromEntries(texts.map(({ language, ...text }) => [language, text]))
        : { en: { title: auction.title, description: "" } },
    images: settings.images,
    resetSeconds: settings.reset_seconds,
    initialSeconds: settings.initial_seconds,
    minPreviousEntries: settings.min_previous_entries,
    hardEndsAt: settings.hard_ends_at?.toISOString() ?? null,
    priceCapCents: settings.price_cap_cents,
    paymentWindowHours: settings.payment_window_hours,
    maxPreviousWins: settings.max_previous_wins,
    enrolmentClosesSecondsBeforeEnd: settings.enrolment_closes_seconds,
    enrolmentClosesAtPriceCents: settings.enrolment_closes_at_price_cents,
    realBiddersOnly: settings.real_bidders_only,
    manualOnly: settings.manual_only,
    productKey: settings.product_key,
    feeBackPercent: settings.fee_back_percent,
    minSeats: settings.min_seats,
    maxSeats: settings.max_seats,
    enrolments: enrolments.map((row) => ({
      displayName: row.display_name,
      email: row.email,
      feeCents: row.fee_cents,
      at: row.created_at.toISOString(),
    })),
    autoBids: autoBids.map((row) => ({
      displayName: row.display_name,
      email: row.email,
      maxPriceCents: row.max_price_cents,
      at: row.created_at.toISOString(),
    })),
    chain,
    fulfilment: fulfilment ?? null,
  };
}

export async function createAuction(db: Database, now: Date, actor: string, input: CreateAuctionBody): Promise<OperatorAuction> {
  const body = CreateAuctionBody.parse(input);
  const startsAt = body.startsAt ? new Date(body.startsAt) : new Date(now.getTime() + (body.startsInSeconds ?? 60) * 1000);
  const hardEndsAt = body.hardEndsAt ? new Date(body.hardEndsAt) : null;
  if (hardEndsAt && hardEndsAt <= startsAt) throw new Refusal("CONFLICT", "The hard end must come after the start.");
  if (body.priceCapCents !== undefined && body.priceCapCents <= body.startPriceCents) {
    throw new Refusal("CONFLICT", "The price cap must be above the start price.");
  }
  const texts = textsOf(body);
  checkClosingPrice(body.enrolmentClosesAtPriceCents ?? null, body.startPriceCents, body.priceCapCents ?? null);
  const productKey = productKeyFor(body.productKey ?? catalogueTitle(texts));
  const pictures = await prepareImages(body.images);
  const id = await db.transaction(async (tx) => {
    const images = await storeImages(tx, pictures);
    const [row] = await tx.query<{ id: number }>(
      `insert into auctions (title, images, retail_value_cents, entry_fee_cents, start_price_cents, price_cents,
                             status, starts_at, initial_seconds, reset_seconds, min_previous_entries, hard_ends_at,
                             price_cap_cents, payment_window_hours, is_demo, max_previous_wins, enrolment_closes_seconds,
                             enrolment_closes_at_price_cents, real_bidders_only, product_key, min_seats, max_seats)
       values ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) returning id`,
      [
        catalogueTitle(texts),
        JSON.stringify(images),
        body.retailValueCents,
        body.entryFeeCents,
        body.startPriceCents,
        body.publish ? "Waiting" : "New",
        startsAt,
        body.initialSeconds,
        body.resetSeconds,
        body.minPreviousEntries,
        hardEndsAt,
        body.priceCapCents ?? null,
        body.paymentWindowHours,
        body.isDemo,
        body.maxPreviousWins ?? null,
        body.enrolmentClosesSecondsBeforeEnd ?? null,
        body.enrolmentClosesAtPriceCents ?? null,
        body.realBiddersOnly,
        productKey,
        body.minSeats ?? null,
        body.maxSeats ?? null,
      ],
    );
    if (body.manualOnly) await tx.query("update auctions set manual_only = true where id = $1", [row!.id]);
    await writeTexts(tx, row!.id, texts);
    // Fees back (decision 103): the losers' share of their fee that returns at the end.
    await tx.query("update auctions set fee_back_percent = $2 where id = $1", [row!.id, body.feeBackPercent]);
    await logOperatorAction(tx, actor, "auction.create", `auction:${row!.id}`, {
      title: catalogueTitle(texts),
      languages: languages.filter((language) => texts[language]),
      publish: body.publish,
    });
    return row!.id;
  });
  return getAuction(db, id);
}

/**
 * Changes a draft (New only, judged on the locked row) in the fields given; the same rules as creating it hold for
 * the result (a hard end after the start, a price cap above the start price). New pictures are stored, kept ones stay.
 */
export async function updateDraft(db: Database, actor: string, id: number, input: UpdateAuctionBody): Promise<Changes> {
  const change = UpdateAuctionBody.parse(input);
  const pictures = change.images && (await prepareImages(change.images));
  await db.transaction(async (tx) => {
    await lockAuction(tx, id, ["New"], "edited");
    const [current] = await tx.query<{
      starts_at: Date;
      hard_ends_at: Date | null;
      start_price_cents: number;
      price_cap_cents: number | null;
      initial_seconds: number;
      enrolment_closes_seconds: number | null;
      enrolment_closes_at_price_cents: number | null;
      min_seats: number | null;
      max_seats: number | null;
    }>(
      `select starts_at, hard_ends_at, start_price_cents, price_cap_cents, initial_seconds, enrolment_closes_seconds,
              enrolment_closes_at_price_cents, min_seats, max_seats from auctions where id = $1`,
      [id],
    );
    const startsAt = change.startsAt ? new Date(change.startsAt) : current!.starts_at;
    const hardEndsAt = change.hardEndsAt === undefined ? current!.hard_ends_at : change.hardEndsAt && new Date(change.hardEndsAt);
    const startPriceCents = change.startPriceCents ?? current!.start_price_cents;
    const priceCapCents = change.priceCapCents === undefined ? current!.price_cap_cents : change.priceCapCents;
    if (hardEndsAt && hardEndsAt <= startsAt) throw new Refusal("CONFLICT", "The hard end must come after the start.");
    if (priceCapCents !== null && priceCapCents <= startPriceCents)
      throw new Refusal("CONFLICT", "The price cap must be above the start price.");
    const initialSeconds = change.initialSeconds ?? current!.initial_seconds;
    const closesSeconds =
      change.enrolmentClosesSecondsBeforeEnd === undefined ? current!.enrolment_closes_seconds : change.enrolmentClosesSecondsBeforeEnd;
    if (closesSeconds !== null && closesSeconds > initialSeconds) {
      throw new Refusal(
        "CONFLICT",
        "Enrolment can close at most initialSeconds before the end of the initial timer (that is, at the start).",
      );
    }
    const closesAtPrice =
      change.enrolmentClosesAtPriceCents === undefined ? current!.enrolment_closes_at_price_cents : change.enrolmentClosesAtPriceCents;
    checkClosingPrice(closesAtPrice, startPriceCents, priceCapCents);
    const minSeats = change.minSeats === undefined ? current!.min_seats : change.minSeats;
    const maxSeats = change.maxSeats === undefined ? current!.max_seats : change.maxSeats;
    if (minSeats !== null && maxSeats !== null && minSeats > maxSeats)
      throw new Refusal("CONFLICT", "The minimum of seats must be at most the maximum.");
    const images = pictures && (await storeImages(tx, pictures));
    // Each column keeps its value unless the change names it; a draft's price is its start price.
    await tx.query(
      `update auctions set
         images = coalesce($2::jsonb, images),
         retail_value_cents = coalesce($3, retail_value_cents), entry_fee_cents = coalesce($4, entry_fee_cents),
         start_price_cents = $5, price_cents = $5, starts_at = $6, initial_seconds = coalesce($7, initial_seconds),
         reset_seconds = coalesce($8, reset_seconds), min_previous_entries = coalesce($9, min_previous_entries),
         hard_ends_at = $10, price_cap_cents = $11, payment_window_hours = coalesce($12, payment_window_hours),
         max_previous_wins = case when $13 then $14 else max_previous_wins end, enrolment_closes_seconds = $15,
         enrolment_closes_at_price_cents = $16, real_bidders_only = coalesce($17, real_bidders_only),
         product_key = coalesce($18, product_key), min_seats = $19, max_seats = $20, seq = seq + 1
       where id = $1`,
      [
        id,
        images ? JSON.stringify(images) : null,
        change.retailValueCents ?? null,
        change.entryFeeCents ?? null,
        startPriceCents,
        startsAt,
        change.initialSeconds ?? null,
        change.resetSeconds ?? null,
        change.minPreviousEntries ?? null,
        hardEndsAt,
        priceCapCents,
        change.paymentWindowHours ?? null,
        change.maxPreviousWins !== undefined,
        change.maxPreviousWins ?? null,
        closesSeconds,
        closesAtPrice,
        change.realBiddersOnly ?? null,
        change.productKey === undefined ? null : productKeyFor(change.productKey),
        minSeats,
        maxSeats,
      ],
    );
    if (change.feeBackPercent !== undefined) {
      await tx.query("update auctions set fee_back_percent = $2 where id = $1", [id, change.feeBackPercent]);
    }
    if (change.manualOnly !== undefined) await tx.query("update auctions set manual_only = $2 where id = $1", [id, change.manualOnly]);
    if (change.texts) {
      await tx.query("delete from auction_texts where auction_id = $1 and not (language = any($2::text[]))", [
        id,
        languages.filter((language) => change.texts?.[language]),
      ]);
      await writeTexts(tx, id, change.texts);
    }
    await logOperatorAction(tx, actor, "auction.update", `auction:${id}`, { fields: Object.keys(change) });
  });
  return { auctionIds: [id], walletUserIds: [] };
}

/** The catalogue title (`auctions.title`): the first of the texts in SPEC.md's fallback order (en, lv, ru). */
function catalogueTitle(texts: AuctionTexts): string {
  const first = languages.map((language) => texts[language]).find((text) => text !== undefined);
  if (!first) throw new Refusal("CONFLICT", "Give a title in at least one language.");
  return first.title;
}

/** Writes the texts given, one row per language (migration 014's trigger keeps the catalogue title in step). */
async function writeTexts(tx: Queryable, id: number, texts: AuctionTexts): Promise<void> {
  for (const language of languages) {
    const text = texts[language];
    if (!text) continue;
    await tx.query(
      `insert into auction_texts (auction_id, language, title, description) values ($1, $2, $3, $4)
       on conflict (auction_id, language) do update set title = excluded.title, description = excluded.description`,
      [id, language, text.title, text.description],
    );
  }
}

/** The closing price must be one the price can reach before it ends: above the start price, below the cap. */
function checkClosingPrice(closesAtPrice: number | null, startPriceCents: number, priceCapCents: number | null): void {
  if (closesAtPrice === null) return;
  if (closesAtPrice <= startPriceCents) throw new Refusal("CONFLICT", "The price that closes enrolment must be above the start price.");
  if (priceCapCents !== null && closesAtPrice >= priceCapCents) {
    throw new Refusal("CONFLICT", "The price that closes enrolment must be below the price cap.");
  }
}

/** The product key from what the operator gave (or the title): it must keep a letter or digit. */
function productKeyFor(text: string): string {
  const key = productKeyOf(text);
  if (key === "") throw new Refusal("CONFLICT", "The product key (or, without one, the title) needs a letter or digit.");
  return key;
}

/**
 * Locks one auction row and checks its status is one of `allowed`, else a refusal naming what it is. With `seq` (the
 * auction as the operator saw it when confirming), any change since is refused too: the operator confirmed something
 * that is no longer so.
 */
async function lockAuction(tx: Queryable, id: number, allowed: AuctionStatus[], what: string, seq?: number) {
  const [row] = await tx.query<{
    status: AuctionStatus;
    title: string;
    starts_at: Date;
    hard_ends_at: Date | null;
    seq: number;
    price_cents: number;
    bid_count: number;
    leader: string | null;
  }>(
    `select a.status, a.title, a.starts_at, a.hard_ends_at, a.seq, a.price_cents, a.bid_count,
            l.display_name || ' (' || l.email || ')' as leader
       from auctions a left join users l on l.id = a.leader_id where a.id = $1 for update of a`,
    [id],
  );
  if (!row) throw new Refusal("NOT_FOUND", `There is no auction ${id}.`);
  if (seq !== undefined && Number(row.seq) !== seq) throw new Refusal("AUCTION_CHANGED");
  if (!allowed.includes(row.status)) {
    throw new Refusal("CONFLICT", `Only ${allowed.join(" or ")} auctions can be ${what}; auction ${id} is ${row.status}.`);
  }
  return row;
}

const transitionIds = (transitions: Transition[]) => transitions.map((transition) => transition.auctionId);

export async function publishAuction(db: Database, now: Date, actor: string, id: number, seq?: number): Promise<Changes> {
  await db.transaction(async (tx) => {
    await lockAuction(tx, id, ["New"], "published", seq);
    await tx.query("update auctions set status = 'Waiting', seq = seq + 1 where id = $1", [id]);
    await logOperatorAction(tx, actor, "auction.publish", `auction:${id}`);
  });
  return { auctionIds: [id, ...transitionIds(await advanceLifecycle(db, now))], walletUserIds: [] };
}

/** Cancels a draft or waiting auction and gives every enrolled bidder their entry fee back (a Refund entry). */
export async function cancelAuction(
  db: Database,
  actor: string,
  id: number,
  seq?: number,
): Promise<Changes & { refunds: { displayName: string; amountCents: number }[] }> {
  const refunds = await db.transaction(async (tx) => {
    const auction = await lockAuction(tx, id, ["New", "Waiting"], "canceled", seq);
    const enrolled = await refundEntryFees(tx, id, auction.title);
    await tx.query("update auctions set status = 'Canceled', seq = seq + 1 where id = $1", [id]);
    await logOperatorAction(tx, actor, "auction.cancel", `auction:${id}`, { refunds: enrolled.length });
    return enrolled;
  });
  return {
    auctionIds: [id],
    walletUserIds: refunds.map((row) => row.user_id),
    refunds: refunds.map((row) => ({ displayName: row.display_name, amountCents: row.fee_cents })),
  };
}

/**
 * Makes a Waiting or Running auction manual-only (decision 101): the auto-bids set in it are removed in the same
 * transaction, on the locked row, so no auto bid follows the switch (place_bid refuses one on that row too). One way
 * only: bidders who enrolled for a nail-biter keep one. The audit log counts the auto-bids removed.
 */
export async function makeManualOnly(db: Database, actor: string, id: number, seq?: number): Promise<Changes> {
  const { title, userIds } = await db.transaction(async (tx) => {
    await lockAuction(tx, id, ["Waiting", "Running"], "made manual-only", seq);
    const [switched] = await tx.query<{ title: string }>(
      "update auctions set manual_only = true, seq = seq + 1 where id = $1 and not manual_only returning title",
      [id],
    );
    if (!switched) throw new Refusal("CONFLICT", `Auction ${id} is manual-only already.`);
    const removed = await tx.query<{ user_id: string }>("delete from auto_bids where auction_id = $1 returning user_id", [id]);
    await logOperatorAction(tx, actor, "auction.manual-only", `auction:${id}`, { autoBidsRemoved: removed.length });
    return { title: switched.title, userIds: removed.map((row) => row.user_id) };
  });
  // Each bidder whose auto-bid went is told, live and by e-mail: their standing order stopped without them (111).
  return { auctionIds: [id], walletUserIds: [], autoBidsRemoved: { auctionId: id, title, userIds } };
}

/** How an operator's retiming is asked for: which statuses it applies to, and the auction as they saw it. */
type Retiming = { statuses: AuctionStatus[]; what: string; seq?: number | undefined };

/**
 * Moves an auction's clock, for testers and operators: a draft or waiting auction starts `seconds` from now
 * (0: at once, publishing a draft); a running one ends `seconds` from now (0: at once). The lifecycle then decides,
 * as always, so the end is still recorded exactly once with whoever leads at that moment. The audit log says what
 * happened: started now, ended now (with who led at what price), or the time set.
 */
export async function setTimeLeft(
  db: Database,
  now: Date,
  actor: string,
  id: number,
  seconds: number,
  // What the operator asked for decides which statuses it applies to, judged on the locked row: an auction the
  // lifecycle started a moment ago is not "started now" again (which would end it at once).
  { statuses, what, seq }: Retiming = { statuses: ["New", "Waiting", "Running"], what: "retimed" },
): Promise<Changes> {
  const at = new Date(now.getTime() + seconds * 1000);
  await db.transaction(async (tx) => {
    const auction = await lockAuction(tx, id, statuses, what, seq);
    if (auction.status === "Running") {
      await tx.query("update auctions set ends_at = $2, seq = seq + 1 where id = $1", [id, at]);
    } else {
      if (auction.hard_ends_at && auction.hard_ends_at <= at) {
        throw new Refusal("CONFLICT", `Auction ${id} has a hard end before that start.`);
      }
      // Starting at once publishes a draft; a later start keeps a draft a draft.
      const status = auction.status === "New" && seconds > 0 ? "New" : "Waiting";
      await tx.query("update auctions set starts_at = $2, status = $3, seq = seq + 1 where id = $1", [id, at, status]);
    }
    if (seconds > 0) await logOperatorAction(tx, actor, "auction.time-left", `auction:${id}`, { seconds, status: auction.status });
    else if (auction.status !== "Running")
      await logOperatorAction(tx, actor, "auction.start-now", `auction:${id}`, { status: auction.status });
    else {
      await logOperatorAction(tx, actor, "auction.end-now", `auction:${id}`, {
        leader: auction.leader,
        priceCents: auction.price_cents,
        bids: auction.bid_count,
      });
    }
  });
  return { auctionIds: [id, ...transitionIds(await advanceLifecycle(db, now))], walletUserIds: [] };
}

export async function endNow(db: Database, now: Date, actor: string, id: number, seq?: number): Promise<Changes> {
  return setTimeLeft(db, now, actor, id, 0, { statuses: ["Running"], what: "ended", seq });
}

export async function startNow(db: Database, now: Date, actor: string, id: number, seq?: number): Promise<Changes> {
  return setTimeLeft(db, now, actor, id, 0, { statuses: ["New", "Waiting"], what: "started", seq });
}
