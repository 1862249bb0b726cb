import { CompiledQuery, type Insertable, type Kysely } from "kysely";

interface Compiled {
  columns: string[];
  sql: string;
}

/**
 * One-row inserts compiled once per table and set of columns, for the inserts a raid runs thousands of
 * times a second. Building and compiling the insert with Kysely cost more than SQLite storing the row,
 * and each freshly compiled text was hashed again to find its prepared statement; a text kept here is
 * hashed once. Columns set to undefined are left out, as Kysely leaves them out.
 */
export function createRowInserts<DB>() {
  const compiledByTable = new Map<string, Compiled[]>();

  function compiledFor(executor: Kysely<DB>, table: keyof DB & string, row: Record<string, unknown>, columns: string[]): string {
    const known = compiledByTable.get(table) ?? [];
    const match = known.find((compiled) => compiled.columns.length === columns.length && compiled.columns.every((column, i) => column === columns[i]));
    if (match) return match.sql;
    const { sql } = executor
      .insertInto(table)
      .values(row as never)
      .compile();
    compiledByTable.set(table, [...known, { columns, sql }]);
    return sql;
  }

  return {
    /** Inserts `row` into `table` through `executor` (the database or a transaction of the same database). */
    async insertRow<T extends keyof DB & string>(executor: Kysely<DB>, table: T, row: Insertable<DB[T]>): Promise<void> {
      const values = row as Record<string, unknown>;
      const columns = Object.keys(values).filter((column) => values[column] !== undefined);
      const sql = compiledFor(executor, table, values, columns);
      await executor.executeQuery(
        CompiledQuery.raw(
          sql,
          columns.map((column) => values[column]),
        ),
      );
    },
  };
}
