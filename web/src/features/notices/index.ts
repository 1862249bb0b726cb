/** Live notices that stay: the notification bell of the public header and the store behind it. */
export { NoticeBell } from "./notice-bell";
export { noticeStore, type Notice } from "./notice-store";
