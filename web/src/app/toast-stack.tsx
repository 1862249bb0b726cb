import { Notifications, type NotificationsProps } from "@mantine/notifications";

/**
 * Mantine's toast container, loaded with the first toast (providers.tsx): with it come its transitions
 * and react-remove-scroll, which no first visit needs. It shows what the store already holds.
 */
export function ToastStack(props: NotificationsProps) {
  return <Notifications {...props} />;
}
