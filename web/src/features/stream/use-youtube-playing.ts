import { useEffect, useState, type RefObject } from "react";

const YOUTUBE_ORIGIN = /^https:\/\/www\.youtube(-nocookie)?\.com$/;
const PLAYING = 1;
/** The player only answers once its page has loaded: ask again this often until it does. */
const LISTEN_RETRY_MS = 1000;
const LISTEN_ATTEMPTS = 15;

/** The player state in a message of the YouTube embed (IFrame API protocol), if it carries one. */
export function playerStateOf(data: unknown): number | null {
  let message: unknown = data;
  if (typeof data === "string") {
    try {
      message = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const { event, info } = (message ?? {}) as { event?: string; info?: unknown };
  if (event === "onStateChange" && typeof info === "number") return info;
  const state = (info as { playerState?: unknown } | null | undefined)?.playerState;
  if ((event === "infoDelivery" || event === "initialDelivery") && typeof state === "number") return state;
  return null;
}

/**
 * Whether the embedded YouTube player (its address must carry enablejsapi=1) is playing, read from
 * the state messages it posts once told that this page is listening. False until it reports.
 */
export function useYouTubePlaying(frame: RefObject<HTMLIFrameElement | null>): boolean {
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    let heard = false;
    let attempts = 0;
    const listen = () => iframe.contentWindow?.postMessage(JSON.stringify({ event: "listening", id: 1, channel: "widget" }), "*");
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || !YOUTUBE_ORIGIN.test(event.origin)) return;
      const state = playerStateOf(event.data);
      if (state === null) return;
      heard = true;
      setPlaying(state === PLAYING);
    };
    const retry = setInterval(() => {
      attempts += 1;
      if (heard || attempts > LISTEN_ATTEMPTS) clearInterval(retry);
      else listen();
    }, LISTEN_RETRY_MS);
    window.addEventListener("message", onMessage);
    iframe.addEventListener("load", listen);
    return () => {
      clearInterval(retry);
      window.removeEventListener("message", onMessage);
      iframe.removeEventListener("load", listen);
    };
  }, [frame]);
  return playing;
}
