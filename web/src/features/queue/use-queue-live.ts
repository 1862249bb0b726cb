import { useEffect, useRef, useState } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { LIVE } from "@common/limits";
import { applyListUpdate } from "../../lib/live-list";
import { useLiveMessage } from "../live";
import { queueKeys } from "./api";

/**
 * Refreshes a query once, `delayMs` after the first of a burst of live updates, so a storm of
 * queue_update messages costs one request.
 */
function useDelayedInvalidation() {
  const client = useQueryClient();
  const pending = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = pending.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);
  return (queryKey: QueryKey, delayMs: number) => {
    const id = JSON.stringify(queryKey);
    if (pending.current.has(id)) return;
    pending.current.set(
      id,
      setTimeout(() => {
        pending.current.delete(id);
        void client.invalidateQueries({ queryKey });
      }, delayMs),
    );
  };
}

/**
 * The queue's live updates for the public pages: the changed list right away (applied from the
 * message when it can be, refetched otherwise and after a reconnect), positions 1 s later, the
 * overview 2 s later; a change of the queue-open setting refreshes the overview at once.
 */
export function useQueueLiveSync(): void {
  const client = useQueryClient();
  const later = useDelayedInvalidation();
  useLiveMessage("connection_established", () => {
    // Changes made before the socket was subscribed (after the page's first load, or while it was
    // down) sent it nothing: bring the lists up to date once (the browser revalidates with the ETag),
    // and the overview, whose queue status a setting changed meanwhile would have moved.
    void client.invalidateQueries({ queryKey: queueKeys.lists() });
    void client.invalidateQueries({ queryKey: queueKeys.overview() });
  });
  useLiveMessage("queue_update", (message) => {
    applyListUpdate(client, queueKeys.list(message.queue_type), message);
    later(queueKeys.positions(), LIVE.positionRefreshDelayMs);
    later(queueKeys.overview(), LIVE.overviewRefreshDelayMs);
  });
  useLiveMessage("position_update", () => later(queueKeys.positions(), LIVE.positionRefreshDelayMs));
  useLiveMessage("settings_update", (message) => {
    if (message.setting_name === "isQueueOn" || message.setting_name === "nextStreamStartAt") {
      void client.invalidateQueries({ queryKey: queueKeys.overview() });
    }
  });
}

/** True for 5 s after a queue update or a position update for `userId`: the position widget's live dot. */
export function useLiveIndicator(userId: string | null): boolean {
  const [live, setLive] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const flash = () => {
    setLive(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setLive(false), LIVE.liveIndicatorMs);
  };
  useLiveMessage("queue_update", flash);
  useLiveMessage("position_update", (message) => {
    if (message.user_id === userId) flash();
  });
  return live;
}
