// Rows for engine tests, written straight to the database: confirmed bidders with money, auctions in any state.
import { randomUUID } from "node:crypto";
import type { Queryable } from "../../server/db/database";
import { postLedgerEntry } from "../../server/wallet/wallet.service";

export async function createBidder(db: Queryable, options: { balanceCents?: number; displayName?: string; passwordHash?: string } = {}) {
  const tag = randomUUID().slice(0, 8);
  const displayName = options.displayName ?? `bidder_${tag}`;
  const email = `${tag}@example.lv`;
  const [row] = await db.query<{ id: string }>(
    `insert into users (email, email_key, password_hash, first_name, last_name, display_name, display_name_key, email_confirmed_at, date_of_birth)
     values ($1, lower($1), $3, 'Test', 'Bidder', $2, lower($2), now(), '1990-05-17') returning id`,
    [email, displayName, options.passwordHash ?? "!no-password"],
  );
  if (!row) throw new Error("bidder insert failed");
  if (options.balanceCents) {
    await postLedgerEntry(db, { userId: row.id, type: "Payment", amountCents: options.balanceCents, description: "Test top-up" });
  }
  return { id: row.id, displayName, email };
}

export type AuctionFixture = {
  status?: "New" | "Waiting" | "Running" | "Ended";
  entryFeeCents?: number;
  startsAt?: Date;
  initialSeconds?: number;
  resetSeconds?: number;
  minPreviousEntries?: number;
  hardEndsAt?: Date | null;
  priceCapCents?: number | null;
  endsAt?: Date | null;
  title?: string;
  priceCents?: number;
  maxPreviousWins?: number | null;
  enrolmentClosesSeconds?: number | null;
  enrolmentClosesAtPriceCents?: number | null;
  realBiddersOnly?: boolean;
  /** Fees back (decision 103). */
  feeBackPercent?: number;
  /** Seat auctions (decision 102). */
  minSeats?: number | null;
  maxSeats?: number | null;
  /** Manual bids only (decision 101). */
  manualOnly?: boolean;
};

/** An auction ("Test product" unless titled); a Running one ends `initialSeconds` after now unless `endsAt` says otherwise. */
export async function createAuction(db: Queryable, now: Date, fixture: AuctionFixture = {}) {
  const status = fixture.status ?? "Running";
  const initialSeconds = fixture.initialSeconds ?? 60;
  const startsAt = fixture.startsAt ?? (status === "Waiting" || status === "New" ? new Date(now.getTime() + 3600_000) : now);
  const endsAt =
    fixture.endsAt !== undefined ? fixture.endsAt : status === "Running" ? new Date(now.getTime() + initialSeconds * 1000) : null;
  const [row] = await db.query<{ id: number }>(
    `insert into auctions (status, entry_fee_cents, starts_at, initial_seconds, reset_seconds, min_previous_entries,
                           hard_ends_at, price_cap_cents, ends_at, title, price_cents, max_previous_wins,
                           enrolment_closes_seconds, enrolment_closes_at_price_cents, real_bidders_only, product_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id`,
    [
      status,
      fixture.entryFeeCents ?? 100,
      startsAt,
      initialSeconds,
      fixture.resetSeconds ?? 15,
      fixture.minPreviousEntries ?? 0,
      fixture.hardEndsAt ?? null,
      fixture.priceCapCents ?? null,
      endsAt,
      fixture.title ?? "Test product",
      fixture.priceCents ?? 0,
      fixture.maxPreviousWins ?? null,
      fixture.enrolmentClosesSeconds ?? null,
      fixture.enrolmentClosesAtPriceCents ?? null,
      fixture.realBiddersOnly ?? false,
      // Each untitled auction is a product of its own (the win limits allow one win of a product a week); a titled
      // one is the product its title names.
      fixture.title === undefined ? `test-product-${randomUUID()}` : null,
    ],
  );
  if (!row) throw new Error("auction insert failed");
  if (fixture.feeBackPercent) await db.query("update auctions set fee_back_percent = $2 where id = $1", [row.id, fixture.feeBackPercent]);
  if (fixture.minSeats != null || fixture.maxSeats != null) {
    await db.query("update auctions set min_seats = $2, max_seats = $3 where id = $1", [
      row.id,
      fixture.minSeats ?? null,
      fixture.maxSeats ?? null,
    ]);
  }
  if (fixture.manualOnly) await db.query("update auctions set manual_only = true where id = $1", [row.id]);
  return row.id;
}

export const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);
