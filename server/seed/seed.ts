// Demo data for a fresh installation, written once (the first start claims it in app_meta): a demo account to
// sign in with, demo bidders (marked is_demo), and a catalogue of auctions in every state whose bid histories
// are made by the engine itself, so their hash chains verify like any other.
import { displayNameSkeleton } from "../accounts/display-names";
import { hashPassword } from "../accounts/passwords";
import { advanceLifecycle, enrol, placeBid } from "../auctions/engine";
import type { Database } from "../db/database";
import { stageDemoFulfilments } from "../fulfilment/demo";
import { postLedgerEntry } from "../wallet/wallet.service";
import { auctionPlan, demoBidders, products } from "./catalogue";

export const DEMO_BIDDER = {
  email: "demo@pennybid.lv",
  password: "Demo123!",
  firstName: "Demo",
  lastName: "Bidder",
  displayName: "demo_bidder",
} as const;

/** A demo operator, so a tester can use the operator API and the dev panel's server actions at once. */
export const DEMO_OPERATOR = {
  email: "operator@pennybid.lv",
  password: "Operator1!",
  firstName: "Demo",
  lastName: "Operator",
  displayName: "demo_operator",
} as const;

export const DEMO_WELCOME_CREDIT_CENTS = 5_000;

export type SeedResult = { seeded: boolean; auctions?: number };

export async function seedDemoData(db: Database, now: Date = new Date()): Promise<SeedResult> {
  const done = await db.query("select 1 from app_meta where key = 'demo_seeded_at'");
  if (done.length > 0) return { seeded: false };
  const passwordHash = await hashPassword(DEMO_BIDDER.password);
  const claimed = await db.query(
    `insert into app_meta (key, value) values ('demo_seeded_at', to_jsonb(now())) on conflict (key) do nothing returning key`,
  );
  if (claimed.length === 0) return { seeded: false };

  const demoUser = await insertUser(db, { ...DEMO_BIDDER, passwordHash });
  await postLedgerEntry(db, {
    userId: demoUser,
    type: "Payment",
    amountCents: DEMO_WELCOME_CREDIT_CENTS,
    description: "Welcome credit (demo data)",
    source: "demo",
  });
  const operatorId = await insertUser(db, { ...DEMO_OPERATOR, passwordHash: await hashPassword(DEMO_OPERATOR.password) });
  await db.query("update users set role = 'operator' where id = $1", [operatorId]);
  const bidders: string[] = [];
  for (const name of demoBidders) {
    // Real accounts with the demo password: they bid live only when the simulator's demo-activity scenario runs.
    const id = await insertUser(db, {
      email: `${name}@demo.pennybid.lv`,
      firstName: "Demo",
      lastName: "Bidder",
      displayName: name,
      passwordHash,
    });
    await postLedgerEntry(db, { userId: id, type: "Payment", amountCents: 20_000, description: "Demo credit (demo data)", source: "demo" });
    bidders.push(id);
  }

  const at = (minutes: number, seconds = 0) => new Date(now.getTime() + minutes * 60_000 + seconds * 1000);
  let count = 0;
  for (const [index, plan] of auctionPlan.entries()) {
    const product = products[index % products.length]!;
    const startsAt =
      plan.status === "Waiting" || plan.status === "New" ? at(plan.minutes) : plan.status === "Ended" ? at(-plan.minutes) : at(-10);
    const initialSeconds =
      plan.status === "Running" ? (plan.minutes + 10) * 60 : plan.status === "Ended" ? 8 * 60 : [5, 10, 30, 60][index % 4]! * 60;
    const [row] = await db.query<{ id: number }>(
      `insert into auctions (title, images, retail_value_cents, entry_fee_cents, status, starts_at, initial_seconds,
                             reset_seconds, min_previous_entries, price_cap_cents, hard_ends_at, ends_at, payment_window_hours, is_demo,
                             max_previous_wins, enrolment_closes_seconds, enrolment_closes_at_price_cents, real_bidders_only)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, true, $14, $15, $16, $17) returning id`,
      [
        product.texts.en.title,
        JSON.stringify([product.image]),
        product.retailValueCents,
        plan.feeCents,
        plan.status === "Ended" ? "Running" : plan.status,
        startsAt,
        initialSeconds,
        plan.resetSeconds,
        plan.minPreviousEntries ?? 0,
        plan.priceCapCents ?? null,
        plan.hardStopHours ? new Date(startsAt.getTime() + plan.hardStopHours * 3_600_000) : null,
        plan.status === "Running" || plan.status === "Ended" ? new Date(startsAt.getTime() + initialSeconds * 1000) : null,
        plan.paymentWindowHours ?? 72,
        plan.maxPreviousWins ?? null,
        plan.enrolmentClosesSeconds ?? null,
        plan.enrolmentClosesAtPriceCents ?? null,
        plan.realBiddersOnly ?? false,
      ],
    );
    const auctionId = row!.id;
    if (plan.manualOnly) await db.query("update auctions set manual_only = true where id = $1", [auctionId]);
    for (const [language, text] of Object.entries(product.texts)) {
      await db.query("insert into auction_texts (auction_id, language, title, description) values ($1, $2, $3, $4)", [
        auctionId,
        language,
        text.title,
        text.description,
      ]);
    }
    count += 1;
    if (plan.status === "Waiting" && index % 3 === 0) {
      for (const bidder of bidders.slice(0, 3)) await enrol(db, bidder, auctionId, now);
    }
    if (plan.bids > 0) await playHistory(db, auctionId, startsAt, plan, bidders, plan.isWonByDemoUser ? demoUser : null);
  }
  await advanceLifecycle(db, now);
  await stageDemoFulfilments(db, now, demoUser);
  // The demo history is old news: no "You won!" dialog greets the demo bidder for a win they never watched.
  await db.query("update fulfilments set seen_at = $1 where seen_at is null and auction_id in (select id from auctions where is_demo)", [
    now,
  ]);
  return { seeded: true, auctions: count };
}

/** Past bids, made by the engine at past times: alternating demo bidders, 20 s apart. */
async function playHistory(
  db: Database,
  auctionId: number,
  startsAt: Date,
  plan: { bids: number },
  bidders: string[],
  finalBidder: string | null,
) {
  const participants = bidders.slice(0, 2 + (auctionId % 3));
  if (finalBidder) participants.push(finalBidder);
  for (const bidder of participants) await enrol(db, bidder, auctionId, new Date(startsAt.getTime() + 1000));
  for (let i = 0; i < plan.bids; i++) {
    const isLast = i === plan.bids - 1;
    const bidder = isLast && finalBidder ? finalBidder : participants[i % (finalBidder ? participants.length - 1 : participants.length)]!;
    const placedAt = new Date(startsAt.getTime() + 20_000 * (i + 1));
    await placeBid(db, bidder, auctionId, placedAt).catch(() => undefined);
  }
}

async function insertUser(
  db: Database,
  user: { email: string; firstName: string; lastName: string; displayName: string; passwordHash: string },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into users (email, email_key, password_hash, first_name, last_name, display_name, display_name_key,
                        display_name_skeleton, language, is_demo, email_confirmed_at)
     values ($1, lower($1), $2, $3, $4, $5, lower($5), $6, 'lv', true, now()) returning id`,
    [user.email, user.passwordHash, user.firstName, user.lastName, user.displayName, displayNameSkeleton(user.displayName)],
  );
  return row!.id;
}
