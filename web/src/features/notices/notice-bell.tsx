import { lazy, Suspense, useState } from "react";
import { BellButton } from "./bell-button";
import { unreadCount, useNotices } from "./use-notices";
import { useRecordLiveNotices } from "./use-record-live-notices";

// The menu (a popover with a scroll area, and floating-ui to place it) is not part of a first visit:
// its code loads when someone reaches for the bell, and the menu opens once it is in.
const loadMenu = () => import("./notice-menu");
const NoticeMenu = lazy(() => loadMenu().then((m) => ({ default: m.NoticeMenu })));
const preloadMenu = () => void loadMenu();

/**
 * The header's bell: notices are recorded and counted from the first moment; the menu's code loads
 * when the pointer or the keyboard reaches the bell, and the menu opens when it is pressed.
 */
export function NoticeBell() {
  useRecordLiveNotices();
  const unread = unreadCount(useNotices());
  const [menuWanted, setMenuWanted] = useState(false);
  if (!menuWanted) return <BellButton unread={unread} onPointerEnter={preloadMenu} onFocus={preloadMenu} onClick={() => setMenuWanted(true)} />;
  return (
    <Suspense fallback={<BellButton unread={unread} aria-busy />}>
      <NoticeMenu defaultOpened />
    </Suspense>
  );
}
