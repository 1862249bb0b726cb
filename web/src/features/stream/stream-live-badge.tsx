import { Badge } from "@mantine/core";
import { Link } from "react-router";
import { useStreamLive } from "./api";

/** The green LIVE badge: shown only while YouTube says the stream is on air, and a way to watch it. */
export function StreamLiveBadge() {
  const live = useStreamLive();
  if (!live) return null;
  return (
    <Badge component={Link} to="/live" color="green" variant="filled" autoContrast style={{ cursor: "pointer" }} aria-label="LIVE: watch the stream">
      LIVE
    </Badge>
  );
}
