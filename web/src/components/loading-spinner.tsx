import { useEffect, useState, type CSSProperties } from "react";
import { Text } from "@mantine/core";
import classes from "./loading-spinner.module.css";

const DOTS = 20;

/** Full-page spinner of 20 dots, shown for `seconds` (or for as long as it is mounted when omitted). */
export function LoadingSpinner({ seconds, label = "Loading…" }: { seconds?: number; label?: string }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (seconds === undefined) return;
    const timer = setTimeout(() => setVisible(false), seconds * 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  if (!visible) return null;
  return (
    <div className={classes.overlay} role="status" aria-live="polite">
      <div className={classes.ring} aria-hidden>
        {Array.from({ length: DOTS }, (_, index) => {
          const transform = `rotate(${(360 / DOTS) * index}deg) translateY(-36px)`;
          const style = { "--dot-transform": transform, transform, animationDelay: `${index / DOTS - 1}s` } as CSSProperties;
          return <span key={index} className={classes.dot} style={style} data-testid="spinner-dot" />;
        })}
      </div>
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </div>
  );
}
