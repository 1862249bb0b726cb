import { Badge } from "@mantine/core";
import { PRIORITY_LABELS, type PriorityLevel } from "@common/limits";

const PRIORITY_COLORS: Record<PriorityLevel, string> = { 0: "gray", 1: "blue", 2: "grape", 3: "orange" };

interface PriorityBadgeProps {
  level: PriorityLevel;
  /** Shown after the tier's name, e.g. when it runs out. */
  suffix?: string;
  /** A tier that has run out is greyed. */
  expired?: boolean;
  title?: string;
}

/** A priority tier's name (Premium, VIP, Super VIP) in its colour, the same on every list. */
export function PriorityBadge({ level, suffix, expired = false, title }: PriorityBadgeProps) {
  return (
    <Badge size="sm" variant="light" color={expired ? "gray" : PRIORITY_COLORS[level]} title={title}>
      {PRIORITY_LABELS[level]}
      {suffix && ` · ${suffix}`}
    </Badge>
  );
}
