// Demo data for a fresh installation, written once: the first start records it in app_meta.
// Auctions and won items are added here as their capabilities land.
import { hashPassword } from "../accounts/passwords";
import type { Database } from "../db/database";

export const DEMO_BIDDER = {
  email: "demo@pennybid.lv",
  password: "Demo123!",
  firstName: "Demo",
  lastName: "Bidder",
  displayName: "demo_bidder",
} as const;

export type SeedResult = { seeded: boolean };

export async function seedDemoData(db: Database): Promise<SeedResult> {
  const done = await db.query("select 1 from app_meta where key = 'demo_seeded_at'");
  if (done.length > 0) return { seeded: false };
  const passwordHash = await hashPassword(DEMO_BIDDER.password);
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      `insert into app_meta (key, value) values ('demo_seeded_at', to_jsonb(now()))
       on conflict (key) do nothing returning key`,
    );
    if (inserted.length === 0) return { seeded: false };
    const { email, firstName, lastName, displayName } = DEMO_BIDDER;
    await tx.query(
      `insert into users (email, email_key, password_hash, first_name, last_name, display_name, display_name_key,
                          language, is_demo, email_confirmed_at)
       values ($1, lower($1), $2, $3, $4, $5, lower($5), 'lv', true, now())
       on conflict do nothing`,
      [email, passwordHash, firstName, lastName, displayName],
    );
    return { seeded: true };
  });
}
