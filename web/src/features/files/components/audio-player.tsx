import { Text } from "@mantine/core";
import { useEffect, useRef } from "react";

const linear = (gainDb: number) => 10 ** (gainDb / 20);

/**
 * Applies the file's loudness gain to its audio element. Through the page's own origin a Web Audio
 * gain node can raise as well as lower, made at the first play (browsers start audio only after a
 * gesture); a file from another origin (a bucket's direct link) would play silent through Web Audio
 * without CORS, so there it is only lowered, with the element's volume.
 */
function useLoudnessGain(audio: React.RefObject<HTMLAudioElement | null>, src: string, gainDb: number): void {
  const node = useRef<{ context: AudioContext; gain: GainNode } | null>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    if (node.current) {
      node.current.gain.gain.value = linear(gainDb);
      return;
    }
    if (new URL(src, window.location.href).origin !== window.location.origin) {
      element.volume = Math.min(1, linear(gainDb));
      return;
    }
    if (gainDb === 0) return;
    const connect = () => {
      if (node.current) return;
      const context = new AudioContext();
      const gain = context.createGain();
      gain.gain.value = linear(gainDb);
      context.createMediaElementSource(element).connect(gain).connect(context.destination);
      node.current = { context, gain };
    };
    element.addEventListener("play", connect);
    return () => element.removeEventListener("play", connect);
  }, [audio, src, gainDb]);
  // The page's audio context goes with the player.
  useEffect(() => () => void node.current?.context.close(), []);
}

/**
 * Plays an uploaded file in the page at the host's target loudness (`gainDb` from the scan); the
 * browser seeks with byte-range requests, which the server answers.
 */
export function AudioPlayer({ src, title, gainDb = 0 }: { src: string; title: string; gainDb?: number }) {
  const audio = useRef<HTMLAudioElement>(null);
  useLoudnessGain(audio, src, gainDb);
  return (
    <div>
      <audio ref={audio} controls preload="metadata" src={src} aria-label={`Play ${title}`} data-gain-db={gainDb} style={{ width: "100%", height: 36 }} />
      {gainDb !== 0 && (
        <Text size="xs" c="dimmed">
          Levelled {gainDb > 0 ? "+" : "−"}
          {Math.abs(gainDb).toFixed(1)} dB to the stream&apos;s loudness
        </Text>
      )}
    </div>
  );
}
