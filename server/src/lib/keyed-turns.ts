import pLimit from "p-limit";

/**
 * Runs work side by side, except that work for one key starts only once the work given before it for
 * that key has finished: a chat raid is handled at once while each viewer's own commands keep their
 * order (`!sr` before `!wrongsong`). At most `limit` run at a time; the rest start in the order they came.
 */
export function createKeyedTurns(limit: number) {
  const running = pLimit(limit);
  /** The last work given for each key with work not yet finished; it never rejects. */
  const lastOfKey = new Map<string, Promise<void>>();

  return {
    /** Runs `work` in `key`'s turn; settles as it does. */
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const before = lastOfKey.get(key) ?? Promise.resolve();
      const result = before.then(() => running(work));
      const done = result.then(
        () => undefined,
        () => undefined,
      );
      lastOfKey.set(key, done);
      void done.then(() => {
        if (lastOfKey.get(key) === done) lastOfKey.delete(key);
      });
      return result;
    },
  };
}
