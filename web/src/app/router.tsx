import { lazy, Suspense, type ComponentType } from "react";
import { BrowserRouter, Outlet, Route, Routes } from "react-router";
import { ErrorBoundary } from "../components/error-boundary";
import { LoadingSpinner } from "../components/loading-spinner";
import { HomePage } from "../routes/home-page";
import { PublicLayout } from "./public-layout";

// Only the home page is in the first download; every other page loads on demand, behind the
// full-page spinner, so the host's back-office, the community and the account screens never
// weigh on a visitor's first load of /.
const AdminLayout = lazy(() => import("./admin-layout").then((m) => ({ default: m.AdminLayout })));
const SignedInAdminLayout = lazy(() => import("./admin-layout").then((m) => ({ default: m.SignedInAdminLayout })));
const PlayerLayout = lazy(() => import("./admin-layout").then((m) => ({ default: m.PlayerLayout })));
const AccessPage = lazy(() => import("../routes/admin/access-page").then((m) => ({ default: m.AccessPage })));
const AdminHomePage = lazy(() => import("../routes/admin/admin-home-page").then((m) => ({ default: m.AdminHomePage })));
const ManageQueuePage = lazy(() => import("../routes/admin/manage-queue-page").then((m) => ({ default: m.ManageQueuePage })));
const ChatCommandsPage = lazy(() => import("../routes/admin/chat-commands-page").then((m) => ({ default: m.ChatCommandsPage })));
const BansPage = lazy(() => import("../routes/admin/bans-page").then((m) => ({ default: m.BansPage })));
const AuditPage = lazy(() => import("../routes/admin/audit-page").then((m) => ({ default: m.AuditPage })));
const OverlaySettingsPage = lazy(() => import("../routes/admin/overlay-settings-page").then((m) => ({ default: m.OverlaySettingsPage })));
const FastPassPage = lazy(() => import("../routes/admin/fastpass-page").then((m) => ({ default: m.FastPassPage })));
const SettingsPage = lazy(() => import("../routes/admin/settings-page").then((m) => ({ default: m.SettingsPage })));
const SchedulerPage = lazy(() => import("../routes/admin/scheduler-page").then((m) => ({ default: m.SchedulerPage })));
const AnalyticsPage = lazy(() => import("../routes/admin/analytics-page").then((m) => ({ default: m.AnalyticsPage })));
const SubmissionsPlayedPage = lazy(() => import("../routes/admin/submissions-played-page").then((m) => ({ default: m.SubmissionsPlayedPage })));
const BulkOperationsPage = lazy(() => import("../routes/admin/bulk-operations-page").then((m) => ({ default: m.BulkOperationsPage })));
// One promise for the queue page's code, which main.tsx may have started: a lazy page whose promise has
// settled renders without showing the spinner (a fresh import() could still be pending at that moment).
let queuePageCode: Promise<{ default: ComponentType }> | null = null;
const loadQueuePage = () => (queuePageCode ??= import("../routes/queue-page").then((m) => ({ default: m.QueuePage })));
const QueuePage = lazy(loadQueuePage);
const AuthSuccessPage = lazy(() => import("../routes/auth-success-page").then((m) => ({ default: m.AuthSuccessPage })));
const AuthErrorPage = lazy(() => import("../routes/auth-error-page").then((m) => ({ default: m.AuthErrorPage })));
const NotFoundPage = lazy(() => import("../routes/not-found-page").then((m) => ({ default: m.NotFoundPage })));
const CommunityPage = lazy(() => import("../routes/community-page").then((m) => ({ default: m.CommunityPage })));
const CommunityProfilePage = lazy(() => import("../routes/community-profile-page").then((m) => ({ default: m.CommunityProfilePage })));
const LivePage = lazy(() => import("../routes/live-page").then((m) => ({ default: m.LivePage })));
const PrivacyPage = lazy(() => import("../routes/privacy-page").then((m) => ({ default: m.PrivacyPage })));
const EmailConfirmPage = lazy(() => import("../routes/email-confirm-page").then((m) => ({ default: m.EmailConfirmPage })));
const EmailUnsubscribePage = lazy(() => import("../routes/email-unsubscribe-page").then((m) => ({ default: m.EmailUnsubscribePage })));
const TermsPage = lazy(() => import("../routes/terms-page").then((m) => ({ default: m.TermsPage })));
const PlayerPage = lazy(() => import("../routes/admin/player-page").then((m) => ({ default: m.PlayerPage })));
const OverlayPage = lazy(() => import("../routes/overlay-page").then((m) => ({ default: m.OverlayPage })));

/**
 * Loads the code of the page at `pathname` when it is a prerendered page outside the first download
 * (/queue). main.tsx renders once it is in, so the app's first render draws the page where the
 * prerendered one was instead of the loading spinner.
 */
export function loadPrerenderedPageCode(pathname: string): Promise<unknown> {
  return pathname === "/queue" ? loadQueuePage() : Promise.resolve();
}

/** The app in the browser: its pages under the address bar's router. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** Every page of the app, under whichever router holds the address. Pages live in routes/, one thin file each. */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<LoadingSpinner />}>
        <Routes>
          <Route element={<AdminLayout />}>
            <Route path="/access" element={<AccessPage />} />
            <Route element={<SignedInAdminLayout />}>
              <Route path="/admin" element={<AdminHomePage />} />
              <Route path="/access-queue" element={<ManageQueuePage />} />
              <Route path="/settings" element={<SettingsPage />} />
              <Route path="/queue-scheduler" element={<SchedulerPage />} />
              <Route path="/analytics" element={<AnalyticsPage />} />
              <Route path="/submission-played" element={<SubmissionsPlayedPage />} />
              <Route path="/bulk-operations" element={<BulkOperationsPage />} />
              <Route path="/admin/audit" element={<AuditPage />} />
              <Route path="/admin/fastpass" element={<FastPassPage />} />
              <Route path="/admin/overlay" element={<OverlaySettingsPage />} />
              <Route path="/admin/chat-commands" element={<ChatCommandsPage />} />
              <Route path="/admin/bans" element={<BansPage />} />
            </Route>
            {/* The host's player: signed in, but no back-office around it, so OBS shows only the player. */}
            <Route element={<PlayerLayout />}>
              <Route path="/overlay/player" element={<PlayerPage />} />
            </Route>
          </Route>
          {/* The stream overlay: no header, footer or spinner, only the transparent page OBS shows. */}
          <Route
            element={
              <Suspense fallback={null}>
                <Outlet />
              </Suspense>
            }
          >
            <Route path="/overlay" element={<OverlayPage view="combined" />} />
            <Route path="/overlay/now-playing" element={<OverlayPage view="now-playing" />} />
            <Route path="/overlay/up-next" element={<OverlayPage view="up-next" />} />
          </Route>
          <Route element={<PublicLayout />}>
            <Route path="/" element={<HomePage />} />
            <Route path="/queue" element={<QueuePage />} />
            <Route path="/community" element={<CommunityPage />} />
            <Route path="/community/:username" element={<CommunityProfilePage />} />
            <Route path="/auth/success" element={<AuthSuccessPage />} />
            <Route path="/auth/error" element={<AuthErrorPage />} />
            <Route path="/live" element={<LivePage />} />
            <Route path="/privacy" element={<PrivacyPage />} />
            <Route path="/terms" element={<TermsPage />} />
            <Route path="/email/confirm" element={<EmailConfirmPage />} />
            <Route path="/email/unsubscribe" element={<EmailUnsubscribePage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
