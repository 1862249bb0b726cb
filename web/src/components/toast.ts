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
