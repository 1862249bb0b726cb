import { notifications } from "@mantine/notifications";
import { MESSAGES } from "@common/messages";
import { toastAnnouncement } from "../../components/toast";
import { useLiveMessage } from "./live-provider";

const TOAST_MS = 5000;
const COLORS = { info: "violet", warning: "yellow", error: "red" } as const;

/** Announcements and the messages addressed to this browser, shown as toasts. */
export function LiveNotices() {
  useLiveMessage("system_message", (message) => {
    toastAnnouncement(message.message, COLORS[message.message_type] ?? "violet");
  });
  useLiveMessage("submission_played", (message) => {
    notifications.show({
      title: "Your song was played!",
      message: `${message.track_title} by ${message.artist_name}`,
      color: "teal",
      autoClose: TOAST_MS,
    });
  });
  useLiveMessage("released_from_hold", (message) => {
    notifications.show({ message: message.message || MESSAGES.releasedFromHold, color: "teal", autoClose: TOAST_MS });
  });
  useLiveMessage("submission_removed", (message) => {
    notifications.show({ title: "Your song left the queue", message: message.message, color: "yellow", autoClose: TOAST_MS });
  });
  return null;
}
