import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { LiveProvider } from "../../live";
import { queueListQuery, useQueueLiveSync } from "../../queue";
import { useSkipVoteCount } from "../../skip-votes";
import { liveUrl } from "../../../lib/live-connection";
import type { OverlaySettings, OverlayView } from "../overlay-settings";
import { useTransparentPage } from "../use-transparent-page";
import { OverlayPanels } from "./overlay-panels";

/** A safety net under the live updates: even a missed message is corrected within a minute. */
const REFRESH_EVERY_MS = 60_000;
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * A list as the overlay keeps it: retried forever with back-off and refreshed every minute. A failed
 * request keeps the last good list on screen (the query keeps its data), so the stream never shows an error.
 */
function useOverlayList(type: "active" | "waiting") {
  return useQuery({
    ...queueListQuery(type),
    retry: true,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
    refetchInterval: REFRESH_EVERY_MS,
    refetchIntervalInBackground: true,
  }).data;
}

function LiveOverlay({ view, settings }: { view: OverlayView; settings: OverlaySettings }) {
  // Applies each list change as it comes, and refetches after every reconnection.
  useQueueLiveSync();
  const active = useOverlayList("active");
  const waiting = useOverlayList("waiting");
  const skipVotes = useSkipVoteCount(active?.[0]?.id ?? null);
  // Nothing at all until the first lists arrive: a blank source rather than a spinner on stream.
  if (!active || !waiting) return null;
  return <OverlayPanels view={view} settings={settings} active={active} waiting={waiting} skipVotes={skipVotes} />;
}

/** The overlay page: a transparent page with its own public live connection that reconnects forever. */
export function OverlayScreen({ view, settings }: { view: OverlayView; settings: OverlaySettings }) {
  useTransparentPage();
  const url = useMemo(() => liveUrl({ channel: "public" }), []);
  return (
    <LiveProvider url={url} retryForever>
      <LiveOverlay view={view} settings={settings} />
    </LiveProvider>
  );
}
