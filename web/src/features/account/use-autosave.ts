import { useEffect, useRef, useState } from "react";
import { ACCOUNT_TIMINGS } from "@common/account";
import { errorMessage } from "@common/error-catalogue";

export type AutosaveStatus = "idle" | "saving" | "saved" | "error";

export interface AutosaveState {
  status: AutosaveStatus;
  error: string | null;
}

/**
 * Saves `patch` 800 ms after it last changed, whenever it has something in it. The caller computes
 * the patch against what the server last confirmed, so a saved change empties it. 'Saved' shows for 4 s.
 */
export function useAutosave(patch: Record<string, unknown>, save: (patch: Record<string, unknown>) => Promise<unknown>): AutosaveState {
  const [state, setState] = useState<AutosaveState & { savedAt: number }>({ status: "idle", error: null, savedAt: 0 });
  const saveRef = useRef(save);
  saveRef.current = save;
  const key = JSON.stringify(patch);

  const latest = useRef(0);
  useEffect(() => () => void (latest.current = -1), []);

  useEffect(() => {
    if (key === "{}") return;
    const timer = setTimeout(() => {
      const run = ++latest.current;
      setState((current) => ({ ...current, status: "saving", error: null }));
      // Only the latest save may report; the save itself refreshes the baseline (and empties the patch).
      saveRef.current(JSON.parse(key) as Record<string, unknown>).then(
        () => run === latest.current && setState({ status: "saved", error: null, savedAt: Date.now() }),
        (error: unknown) => run === latest.current && setState({ status: "error", error: errorMessage(error), savedAt: 0 }),
      );
    }, ACCOUNT_TIMINGS.settingsAutosaveMs);
    return () => clearTimeout(timer);
  }, [key]);

  useEffect(() => {
    if (state.status !== "saved") return;
    const timer = setTimeout(() => setState((current) => (current.savedAt === state.savedAt ? { ...current, status: "idle" } : current)), ACCOUNT_TIMINGS.settingsSavedVisibleMs);
    return () => clearTimeout(timer);
  }, [state.status, state.savedAt]);

  return { status: state.status, error: state.error };
}
