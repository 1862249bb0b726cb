import type { QueueType } from "./queue";

/** What the back-office tells an admin (admin spec sections 2, 5 and 8), written once. */
export const ADMIN_MESSAGES = {
  connectionFailed: "Connection failed!",
  tokenStorageFailed: "Token storage failed",
  requestTimeout: "Request timeout",
  noRefreshToken: "No admin refresh token",
  holdFailed: "Failed to put user on hold!",
  removeFailed: "Failed to remove user from queue!",
  releaseFailed: "Failed to release user from hold!",
  declineFailed: "Failed to decline the submission!",
  moveFailed: "Failed to move user to active queue!",
  moveBackFailed: "Failed to move user back to waiting queue!",
  priorityFailed: "Failed to update priority!",
  setTimeFailed: "Failed to set time",
  clearTimeFailed: "Failed to clear time",
} as const;

/** The two confirmations of each Clear button, in the order they are asked. */
export const CLEAR_CONFIRMATIONS: Record<QueueType, readonly [string, string]> = {
  active: ["This will delete ALL active queuers. Are you sure?", "This action cannot be undone. Confirm clear entire active queue?"],
  waiting: ["This will delete ALL waiting queuers. Are you sure?", "This action cannot be undone. Confirm clear entire waiting queue?"],
  on_hold: ["This will delete ALL on-hold queuers. Are you sure?", "This action cannot be undone. Confirm clear entire on-hold queue?"],
};

/** Where a priority tier was paid for (admin spec section 3). */
export const PAYMENT_SOURCES = ["youtube_member", "patreon", "superchat", "cashapp", "streamlabs"] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** The time zone in which the host enters the next stream start. */
export const STREAM_TIME_ZONE = "America/New_York";

/** After Set Timeout the page reloads this long after the save. */
export const SET_TIMEOUT_RELOAD_MS = 300;
