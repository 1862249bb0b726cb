import { Badge } from "@mantine/core";
import { FAST_PASS_PAYMENT_SOURCE } from "@common/loyalty";
import { PRIORITY_LABELS, type PriorityLevel } from "@common/limits";
import { expiryText } from "../lib/expiry-text";

const PRIORITY_COLORS: Record<PriorityLevel, string> = { 0: "gray", 1: "blue", 2: "grape", 3: "orange" };

const SOURCE_LABELS: Record<string, string> = {
  [FAST_PASS_PAYMENT_SOURCE]: "Fast Pass",
  youtube_member: "YouTube member",
  patreon: "Patreon",
  superchat: "Super Chat",
  cashapp: "Cash App",
  streamlabs: "Streamlabs",
};

/** How a payment_source reads on every list ('Fast Pass' for fast_pass); an unknown source as stored. */
export function paymentSourceLabel(source: string): string {
  return SOURCE_LABELS[source] ?? source;
}

interface PriorityBadgeProps {
  level: PriorityLevel;
  /** The entry's payment_source (fast_pass when a token was spent). */
  source?: string | null;
  /** When the tier runs out (premium_expires); an expired tier is greyed. */
  expires?: string | null;
}

/** A priority tier's name (Premium, VIP, Super VIP) in its colour, with how it was paid and when it runs out, the same on every list. */
export function PriorityBadge({ level, source, expires }: PriorityBadgeProps) {
  const expiry = expires ? expiryText(expires) : "";
  const parts = [PRIORITY_LABELS[level], source ? paymentSourceLabel(source) : "", expiry].filter(Boolean);
  return (
    <Badge size="sm" variant="light" color={expiry === "Expired" ? "gray" : PRIORITY_COLORS[level]} title={expires ?? undefined}>
      {parts.join(" · ")}
    </Badge>
  );
}
