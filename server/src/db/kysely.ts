import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { SqliteFileDialect } from "./sqlite-file-lock";
import { withPreparedStatements } from "./sqlite-statements";
import type { Database } from "./schema";
import { PRIVATE_FILE_MODE, ensurePrivateDir, restrictToOwner } from "../lib/private-files";
import { requireOnDemand } from "../lib/require-on-demand";

export type Dialect = "sqlite" | "postgres";
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite in `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
  poolSize?: number;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl?.startsWith("postgres")) {
    const pg = requireOnDemand<typeof import("pg")>("pg");
    // COUNT(*) and SUM() come back as strings from pg for int8; parse them so both dialects give numbers.
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ":memory:";
  if (file !== ":memory:") {
    ensurePrivateDir(path.dirname(file));
    // SQLite gives its -wal and -shm files the database file's own mode.
    fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
    for (const own of [file, `${file}-wal`, `${file}-shm`]) restrictToOwner(own);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  const database = withPreparedStatements(sqlite);
  const dialect = file === ":memory:" ? new SqliteDialect({ database }) : new SqliteFileDialect({ database }, path.resolve(file));
  const db = new Kysely<Database>({ dialect });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/** Answers whether the database responds; used by the health check. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** True when an insert or update broke a unique constraint, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
