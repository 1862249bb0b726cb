import { lazy, Suspense } from "react";
import { Box, Center, Loader } from "@mantine/core";
import { Outlet } from "react-router";
import { Footer } from "../components/footer";
import { SiteHeader } from "../components/site-header";
import { AccountProvider } from "../features/account";
import { useInteractionActivity, usePageVisitActivity } from "../features/activity";
import { LiveNotices, PublicLiveProvider } from "../features/live";
import { NoticeBell } from "../features/notices";
import { useQueueLiveSync, useQueueSessionSync } from "../features/queue";
import { StreamLiveBadge } from "../features/stream";

// The Community Hub loads the first time the account modal opens it.
const CommunityHubModal = lazy(() => import("../features/community").then((m) => ({ default: m.CommunityHubModal })));

/** Keeps the queue's cached lists current: live updates, and a refetch when someone signs in or out. */
function QueueSync() {
  useQueueLiveSync();
  useQueueSessionSync();
  return null;
}

/** Signs of life for the inactivity hold: page visits and any click, tap or key (debounced). */
function ActivitySignals() {
  usePageVisitActivity();
  useInteractionActivity();
  return null;
}

/** What a page shows while its code loads: the header and footer stay in place around it. */
function PageLoading() {
  return (
    <Center py={96}>
      <Loader type="dots" />
    </Center>
  );
}

/** Every public page: one live connection tagged with this browser's user id, the account UI, the header and the footer. */
export function PublicLayout() {
  return (
    <PublicLiveProvider>
      <QueueSync />
      <ActivitySignals />
      <LiveNotices />
      <AccountProvider renderCommunityHub={(hub) => <CommunityHubModal {...hub} />}>
        <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
          <SiteHeader
            extras={
              <>
                <StreamLiveBadge />
                <NoticeBell />
              </>
            }
          />
          <Box component="main" style={{ flex: 1 }}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Box>
          <Footer />
        </Box>
      </AccountProvider>
    </PublicLiveProvider>
  );
}
