import DataLoader from "dataloader";

/**
 * One statement for what the calls of the same turn ask (a raid's requests reach the same step together),
 * each call answered with its own result. A read starts after every caller in it asked, so it is never
 * older than a read of one's own. A write that fails as a whole is tried again one call at a time, so a
 * call that cannot be written fails alone. `write` answers a call it could not serve with an Error.
 */
export function turnBatches<K, V>(write: (keys: readonly K[]) => Promise<(V | Error)[]>, options: { eachAloneOnFailure?: boolean } = {}): (key: K) => Promise<V> {
  const batch = async (keys: readonly K[]): Promise<(V | Error)[]> => {
    try {
      return await write(keys);
    } catch (error) {
      if (!options.eachAloneOnFailure || keys.length === 1) throw error;
      return Promise.all(
        keys.map((key) =>
          write([key]).then(
            ([value]) => value!,
            (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure))),
          ),
        ),
      );
    }
  };
  const loader = new DataLoader(batch, { cache: false, maxBatchSize: MAX_BATCH });
  return (key) => loader.load(key);
}

/** Bound values stay far below either database's limit on a statement's parameters. */
const MAX_BATCH = 500;
