import type BetterSqlite3 from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Enough distinct queries for every route; texts past it (long `in (?, ?, …)` lists) are prepared again. */
const MAX_STATEMENTS = 500;

/**
 * The database as Kysely sees it, with each query text prepared once: preparing costs about as much as
 * running a small query, and the hot paths (a submission, a position lookup) run the same few texts.
 * `all` and `run` finish before they return, so one statement serves every caller; `iterate` runs on
 * a fresh one, since a stream may stay open across awaits.
 */
export function withPreparedStatements(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const known = statements.get(sql);
      if (known) {
        // Map order doubles as recency: the least recently used text is the first one.
        statements.delete(sql);
        statements.set(sql, known);
        return known;
      }
      const statement = sqlite.prepare(sql);
      const cached: SqliteStatement = {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        run: (parameters) => statement.run(parameters),
        iterate: (parameters) => sqlite.prepare(sql).iterate(parameters),
      };
      statements.set(sql, cached);
      if (statements.size > MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
      return cached;
    },
  };
}
