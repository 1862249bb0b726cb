/**
 * "The signed-in identity changed": sent by the account feature once a sign-in has finished (the
 * guest submission linked) and after a sign-out, so each feature refreshes what depends on who is
 * looking without the account feature knowing about it.
 */
type SessionChangeListener = () => unknown;

const listeners = new Set<SessionChangeListener>();

/** Calls `listener` on every sign-in and sign-out; a promise it returns is awaited. Returns the unsubscribe function. */
export function onSessionChanged(listener: SessionChangeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every listener the identity changed and resolves once all of them have caught up. */
export async function announceSessionChanged(): Promise<void> {
  await Promise.all([...listeners].map(async (listener) => listener()));
}
