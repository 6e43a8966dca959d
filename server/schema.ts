// The schema this version needs: the numbered migrations and the database functions (server/db/migrate.ts), then, in
// the same transaction, what SQL cannot compute: the display names' confusable skeletons (decision 079). Here, above
// both db and accounts, so the migrations never import a domain (decision 107).
import { settleDisplayNames } from "./accounts/display-names";
import type { Database } from "./db/database";
import { applyMigrations } from "./db/migrate";

/** Applies what is pending and answers what it applied (migration files, `functions/...`). */
export const migrate = (db: Database): Promise<string[]> => applyMigrations(db, settleDisplayNames);
