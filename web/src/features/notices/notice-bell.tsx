import { lazy, Suspense } from "react";
import { useRecordLiveNotices } from "./use-record-live-notices";

// The menu (a popover with a scroll area) is never needed for the first paint: its code loads after the page's.
const NoticeMenu = lazy(() => import("./notice-menu").then((m) => ({ default: m.NoticeMenu })));

/** The header's bell: notices are recorded from the first moment, the menu shows once its code is in. */
export function NoticeBell() {
  useRecordLiveNotices();
  return (
    <Suspense fallback={null}>
      <NoticeMenu />
    </Suspense>
  );
}
