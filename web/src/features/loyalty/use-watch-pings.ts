import { useEffect, useRef } from "react";
import { useDocumentVisibility } from "@mantine/hooks";
import { WATCH_PING_FIRST_DELAY_MS, WATCH_PING_INTERVAL_MS } from "@common/loyalty";
import { toastSuccess } from "../../components/toast";
import { useOwnIdentity } from "../../lib/use-stored-session";
import { sendWatchPing, useRefreshBalance } from "./api";

/**
 * Watch time on /live: while a signed-in member's tab is visible and the stream's video plays, one
 * ping 5 s after it starts playing, then every 60 s. The server decides what counts (one per 50 s per
 * member), so several tabs or a paused-and-resumed video earn nothing extra.
 */
export function useWatchPings(videoId: string | null, playing: boolean): void {
  const { signedIn } = useOwnIdentity();
  const visible = useDocumentVisibility() === "visible";
  const refreshBalance = useRefreshBalance();
  const refresh = useRef(refreshBalance);
  refresh.current = refreshBalance;
  const active = signedIn && !!videoId && playing && visible;

  useEffect(() => {
    if (!active || !videoId) return;
    const ping = () => {
      sendWatchPing(videoId)
        .then((answer) => {
          if (!answer?.token_granted) return;
          toastSuccess("You earned a Premium Fast Pass for watching!");
          void refresh.current();
        })
        // A failed ping only loses that minute; the next one tries again.
        .catch(() => undefined);
    };
    let every: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      ping();
      every = setInterval(ping, WATCH_PING_INTERVAL_MS);
    }, WATCH_PING_FIRST_DELAY_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [active, videoId]);
}
