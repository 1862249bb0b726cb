import type { Db } from "../db/kysely";

/** `db` that records the kind of each statement it runs (InsertQueryNode, SelectQueryNode, RawNode…), for tests that count them. */
export function recordingStatements(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const recording = db.withPlugin({
    transformQuery: (args) => {
      statements.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db: recording, statements };
}
