import { useEffect, useRef, useState } from "react";
import { useDebouncedCallback } from "@mantine/hooks";
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
  const key = JSON.stringify(patch);

  const latest = useRef(0);
  useEffect(() => () => void (latest.current = -1), []);

  const saveLater = useDebouncedCallback((patchKey: string) => {
    const run = ++latest.current;
    setState((current) => ({ ...current, status: "saving", error: null }));
    // Only the latest save may report; the save itself refreshes the baseline (and empties the patch).
    save(JSON.parse(patchKey) as Record<string, unknown>).then(
      () => run === latest.current && setState({ status: "saved", error: null, savedAt: Date.now() }),
      (error: unknown) => run === latest.current && setState({ status: "error", error: errorMessage(error), savedAt: 0 }),
    );
  }, ACCOUNT_TIMINGS.settingsAutosaveMs);

  useEffect(() => {
    if (key === "{}") return;
    saveLater(key);
    // An emptied patch (an edit undone, or saved) cancels the save still waiting.
    return () => saveLater.cancel();
  }, [key, saveLater]);

  useEffect(() => {
    if (state.status !== "saved") return;
    const timer = setTimeout(() => setState((current) => (current.savedAt === state.savedAt ? { ...current, status: "idle" } : current)), ACCOUNT_TIMINGS.settingsSavedVisibleMs);
    return () => clearTimeout(timer);
  }, [state.status, state.savedAt]);

  return { status: state.status, error: state.error };
}
