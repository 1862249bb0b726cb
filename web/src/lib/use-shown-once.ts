import { useState } from "react";

/**
 * True from the first render where `shown` is true, and from then on: a lazily loaded modal is
 * mounted when it first opens and stays mounted, so it can animate closed and keep its state.
 */
export function useShownOnce(shown: boolean): boolean {
  const [once, setOnce] = useState(shown);
  if (shown && !once) setOnce(true);
  return once || shown;
}
