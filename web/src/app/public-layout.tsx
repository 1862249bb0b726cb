import { Box } from "@mantine/core";
import { Outlet } from "react-router";
import { Footer } from "../components/footer";
import { AccountProvider } from "../features/account";
import { LiveNotices, PublicLiveProvider } from "../features/live";
import { useQueueLiveSync } from "../features/queue";

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
