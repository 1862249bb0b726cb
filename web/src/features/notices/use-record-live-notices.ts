import { MESSAGES } from "@common/messages";
import { useLiveMessage } from "../live";
import { noticeStore } from "./notice-store";

/** Keeps the announcements and the messages addressed to this browser that arrive over the live channel. */
export function useRecordLiveNotices(): void {
  useLiveMessage("system_message", (message) => {
    noticeStore.add({
      id: `system:${message.timestamp}:${message.message}`,
      kind: "system",
      title: null,
      message: message.message,
      tone: message.message_type,
      at: message.timestamp,
    });
  });
  useLiveMessage("submission_played", (message) => {
    noticeStore.add({
      id: `played:${message.played_at}:${message.track_title}`,
      kind: "personal",
      title: "Your song was played!",
      message: `${message.track_title} by ${message.artist_name}`,
      tone: "success",
      at: message.played_at,
    });
  });
  useLiveMessage("released_from_hold", (message) => {
    noticeStore.add({
      id: `released:${message.released_at}:${message.track_title}`,
      kind: "personal",
      title: "Back in the queue",
      message: message.message || MESSAGES.releasedFromHold,
      tone: "success",
      at: message.released_at,
    });
  });
  useLiveMessage("submission_removed", (message) => {
    noticeStore.add({
      id: `removed:${message.removed_at}:${message.track_title}`,
      kind: "personal",
      title: "Your song left the queue",
      message: `${message.track_title} by ${message.artist_name}: ${message.message}`,
      tone: "warning",
      at: message.removed_at,
    });
  });
}
