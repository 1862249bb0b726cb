export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Timestamps are stored as ISO-8601 UTC strings on both databases, so they sort as text. */
export const toIso = (date: Date) => date.toISOString();
