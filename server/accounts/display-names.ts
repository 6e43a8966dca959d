// What makes a display name one that no one can take for somebody else's (issue 51): its confusable skeleton
// (Unicode TR39, from the confusables data of the `unhomoglyph` package), compared with every other user's, and the
// names the service keeps for itself. The contract's DisplayName has already refused what cannot be seen.
import unhomoglyph from "unhomoglyph";
import { DisplayName } from "../../contract";
import type { Queryable } from "../db/database";

/** The exact-match key of a name: one user per name, whatever its case. */
export const displayNameKey = (name: string) => name.trim().toLowerCase();

/**
 * TR39's skeleton of a case-folded, NFKC-normalised name: "Реnnybid" (Cyrillic Р and е) and "pennybid" have the same
 * one, and so have "dеmo_bidder" and "Demo_Bidder". Two names with one skeleton look alike; only the first may stay.
 */
export function displayNameSkeleton(name: string): string {
  return unhomoglyph(name.normalize("NFKC").trim().toLowerCase().normalize("NFD")).normalize("NFD");
}

/** Names that speak for the service, however they are spelled, with separators or a number after them. */
const RESERVED = [
  "admin",
  "administrator",
  "operator",
  "operators",
  "staff",
  "support",
  "moderator",
  "system",
  "root",
  "official",
  "security",
  "helpdesk",
  "billing",
  "team",
];
const reservedSkeletons = new Set(RESERVED.map(displayNameSkeleton));
const brandSkeleton = displayNameSkeleton("pennybid");

/** The service's own names: any that holds "pennybid", and the reserved words (with separators or a number after them). */
export function isReservedDisplayName(name: string): boolean {
  const bare = displayNameSkeleton(name.normalize("NFKC").replace(/[0-9._-]+$/, "")).replace(/[._-]/g, "");
  return bare.includes(brandSkeleton) || reservedSkeletons.has(bare);
}

/** A name stored before today's rules that they would refuse: its owner is asked to choose another. */
export function isRefusedDisplayName(name: string): boolean {
  const parsed = DisplayName.safeParse(name);
  return !parsed.success || parsed.data !== name || isReservedDisplayName(name);
}

export type DisplayNameClaim = { kind: "free"; key: string; skeleton: string } | { kind: "reserved" } | { kind: "taken" };

/**
 * Whether `userId` (null for a new account) may take this name: not reserved (unless `mayBeReserved`, for accounts
 * an operator opens), and no other user's name the same or alike. Holds the skeleton's lock until the transaction
 * ends, so two look-alikes asked for at once cannot both pass.
 */
export async function claimDisplayName(
  tx: Queryable,
  name: string,
  userId: string | null,
  { mayBeReserved = false } = {},
): Promise<DisplayNameClaim> {
  if (!mayBeReserved && isReservedDisplayName(name)) return { kind: "reserved" };
  const key = displayNameKey(name);
  const skeleton = displayNameSkeleton(name);
  await tx.query("select pg_advisory_xact_lock(hashtext($1))", [`display-name:${skeleton}`]);
  const [other] = await tx.query(
    "select 1 from users where (display_name_skeleton = $1 or display_name_key = $2) and id is distinct from $3::uuid limit 1",
    [skeleton, key, userId],
  );
  return other ? { kind: "taken" } : { kind: "free", key, skeleton };
}

/**
 * Fills in the skeletons of names stored before they were kept, and marks those that today's rules refuse or that
 * look like an older account's name. Runs after the migrations (server/schema.ts); nothing to do once every row
 * has its skeleton.
 */
export async function settleDisplayNames(db: Queryable): Promise<number> {
  const rows = await db.query<{ id: string; display_name: string }>(
    // A closed account has no name to settle: its skeleton stays empty, so it stands in no one's way (decision 093).
    "select id, display_name from users where display_name_skeleton is null and deleted_at is null order by created_at, id",
  );
  for (const row of rows) {
    const skeleton = displayNameSkeleton(row.display_name);
    await db.query(
      `update users u set display_name_skeleton = $2,
              display_name_needs_change = $3 or exists (
                select 1 from users o where o.display_name_skeleton = $2 and o.id <> u.id and (o.created_at, o.id) < (u.created_at, u.id))
        where u.id = $1`,
      [row.id, skeleton, isRefusedDisplayName(row.display_name)],
    );
  }
  return rows.length;
}
