import { useRef, useState } from "react";

/**
 * A Mantine Slider whose final value goes to the player once, when the host lets go.
 *
 * Mantine reads the pointer's position in an animation frame but reports the end on a zero timer, so a
 * quick click can end before the frame and report the value from before it (volume 100 for a click at
 * 40). The release therefore waits for the next frame and sends the last value the slider moved to.
 */
export function useSliderRelease(release: (value: number) => void) {
  const [dragging, setDragging] = useState<number | null>(null);
  const latest = useRef<number | null>(null);
  return {
    /** The value under the host's pointer while they drag, else null. */
    dragging,
    onChange(value: number) {
      latest.current = value;
      setDragging(value);
    },
    onChangeEnd(reported: number) {
      requestAnimationFrame(() => {
        const value = latest.current ?? reported;
        latest.current = null;
        setDragging(null);
        release(value);
      });
    },
  };
}
