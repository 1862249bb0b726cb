import { type Kysely, Migrator } from "kysely";
import { migrations } from "./migrations/index";

/** Brings the schema up to date; runs at every start and in every test database. */
export async function migrateToLatest(db: Kysely<any>, pgSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Features land in parallel: a database that ran a later-numbered migration still takes an earlier one.
    allowUnorderedMigrations: true,
    ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
  }
}
