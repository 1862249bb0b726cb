import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLiveMessage } from "../live";
import { analyticsKeys } from "./api";

/** The outbox counts a play in its session within about a second of the play; read again after that. */
const COUNTED_AFTER_MS = 2000;

/**
 * Every play the admin socket reports refreshes the played list, the figures and the sessions; any
 * other queue change refreshes the priority figures (they count the tiers in the queue).
 */
export function useAnalyticsLive(): void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLiveMessage("submission_played", () => {
    void client.invalidateQueries({ queryKey: analyticsKeys.all });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void client.invalidateQueries({ queryKey: analyticsKeys.all }), COUNTED_AFTER_MS);
  });
  useLiveMessage("queue_update", () => {
    void client.invalidateQueries({ queryKey: analyticsKeys.priority });
  });
  useEffect(() => () => clearTimeout(timer.current), []);
}
