import { useSyncExternalStore } from "react";
import { noticeStore, type NoticeState } from "./notice-store";

/** The kept notices, current with every change in this tab and the others. */
export const useNotices = (): NoticeState => useSyncExternalStore(noticeStore.subscribe, noticeStore.get, noticeStore.getInitial);

/** How many of `notices` are unread. */
export const unreadCount = (notices: NoticeState): number => [...notices.personal, ...notices.system].filter((notice) => !notice.read).length;
