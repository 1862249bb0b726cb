import { Box } from "@mantine/core";
import { Outlet } from "react-router";
import { Footer } from "../components/footer";
import { AccountProvider } from "../features/account/account-provider";
import { PublicLiveProvider } from "../features/live/live-provider";
import { LiveNotices } from "../features/live/live-notices";
import { useQueueLiveSync } from "../features/queue/use-queue-live";

function QueueLiveSync() {
  useQueueLiveSync();
  return null;
}

/** Every public page: one live connection tagged with this browser's user id, the account UI and the footer. */
export function PublicLayout() {
  return (
    <PublicLiveProvider>
      <QueueLiveSync />
      <LiveNotices />
      <AccountProvider>
        <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
          <Box style={{ flex: 1 }}>
            <Outlet />
          </Box>
          <Footer />
        </Box>
      </AccountProvider>
    </PublicLiveProvider>
  );
}
