import { notifications } from "@mantine/notifications";

/** Toasts stay 4 to 5 seconds (spec section 9). */
const TOAST_MS = 4500;

export function toastSuccess(message: string, title?: string): void {
  notifications.show({ message, title, color: "teal", autoClose: TOAST_MS });
}

export function toastError(message: string, title?: string): void {
  notifications.show({ message, title, color: "red", autoClose: TOAST_MS });
}

export function toastInfo(message: string, title?: string): void {
  notifications.show({ message, title, color: "violet", autoClose: TOAST_MS });
}

/** One id for the live announcements ('Queue is now OPEN'...): a newer one replaces the last instead of stacking. */
const ANNOUNCEMENT_ID = "live-announcement";

export function toastAnnouncement(message: string, color: string): void {
  notifications.hide(ANNOUNCEMENT_ID);
  notifications.show({ id: ANNOUNCEMENT_ID, message, color, autoClose: TOAST_MS });
}

/** Takes the announcement away once the person acts on it (opens Join Queue), so it does not sit over the flow. */
export function hideAnnouncement(): void {
  notifications.hide(ANNOUNCEMENT_ID);
}
