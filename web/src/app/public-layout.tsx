import { lazy } from "react";
import { Box } from "@mantine/core";
import { Outlet } from "react-router";
import { Footer } from "../components/footer";
import { AccountProvider } from "../features/account";
import { LiveNotices, PublicLiveProvider } from "../features/live";
import { useQueueLiveSync, useQueueSessionSync } from "../features/queue";

// The Community Hub loads the first time the account modal opens it.
const CommunityHubModal = lazy(() => import("../features/community").then((m) => ({ default: m.CommunityHubModal })));

/** Keeps the queue's cached lists current: live updates, and a refetch when someone signs in or out. */
function QueueSync() {
  useQueueLiveSync();
  useQueueSessionSync();
  return null;
}

/** Every public page: one live connection tagged with this browser's user id, the account UI and the footer. */
export function PublicLayout() {
  return (
    <PublicLiveProvider>
      <QueueSync />
      <LiveNotices />
      <AccountProvider renderCommunityHub={(hub) => <CommunityHubModal {...hub} />}>
        <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
          <Box component="main" style={{ flex: 1 }}>
            <Outlet />
          </Box>
          <Footer />
        </Box>
      </AccountProvider>
    </PublicLiveProvider>
  );
}
