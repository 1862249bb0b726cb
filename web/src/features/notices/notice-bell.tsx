import { lazy, Suspense } from "react";
import { ActionIcon } from "@mantine/core";
import { BellIcon } from "../../components/icons";
import { useRecordLiveNotices } from "./use-record-live-notices";

// The menu (a popover with a scroll area) is never needed for the first paint: its code loads after the page's.
const NoticeMenu = lazy(() => import("./notice-menu").then((m) => ({ default: m.NoticeMenu })));

/** The menu's bell as it looks with nothing unread, holding its place in the header until the menu's code is in. */
function BellPlaceholder() {
  return (
    <ActionIcon component="span" variant="subtle" color="gray" size="lg" aria-hidden>
      <BellIcon size={20} />
    </ActionIcon>
  );
}

/**
 * The header's bell: notices are recorded from the first moment, the menu shows once its code is in;
 * until then the bell's place is kept, so the sign-in button beside it does not move.
 */
export function NoticeBell() {
  useRecordLiveNotices();
  return (
    <Suspense fallback={<BellPlaceholder />}>
      <NoticeMenu />
    </Suspense>
  );
}
