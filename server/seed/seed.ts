// Demo data for a fresh installation, written once: the first start records it in app_meta.
import type { Database } from "../db/database";

export type SeedResult = { seeded: boolean };

export async function seedDemoData(db: Database): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      `insert into app_meta (key, value) values ('demo_seeded_at', to_jsonb(now()))
       on conflict (key) do nothing returning key`,
    );
    // Auctions, bidders and won items are added here as their capabilities land.
    return { seeded: inserted.length > 0 };
  });
}
