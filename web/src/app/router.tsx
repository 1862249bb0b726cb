import { lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { ErrorBoundary } from "../components/error-boundary";
import { LoadingSpinner } from "../components/loading-spinner";
import { HomePage } from "../routes/home-page";
import { PublicLayout } from "./public-layout";

// Only the home page is in the first download; every other page loads on demand, behind the
// full-page spinner, so the host's back-office, the community and the account screens never
// weigh on a visitor's first load of /.
const AdminLayout = lazy(() => import("./admin-layout").then((m) => ({ default: m.AdminLayout })));
const RequireAdmin = lazy(() => import("../features/admin").then((m) => ({ default: m.RequireAdmin })));
const AccessPage = lazy(() => import("../routes/admin/access-page").then((m) => ({ default: m.AccessPage })));
const AdminHomePage = lazy(() => import("../routes/admin/admin-home-page").then((m) => ({ default: m.AdminHomePage })));
const ManageQueuePage = lazy(() => import("../routes/admin/manage-queue-page").then((m) => ({ default: m.ManageQueuePage })));
const SettingsPage = lazy(() => import("../routes/admin/settings-page").then((m) => ({ default: m.SettingsPage })));
const QueuePage = lazy(() => import("../routes/queue-page").then((m) => ({ default: m.QueuePage })));
const AuthSuccessPage = lazy(() => import("../routes/auth-success-page").then((m) => ({ default: m.AuthSuccessPage })));
const AuthErrorPage = lazy(() => import("../routes/auth-error-page").then((m) => ({ default: m.AuthErrorPage })));
const NotFoundPage = lazy(() => import("../routes/not-found-page").then((m) => ({ default: m.NotFoundPage })));
const CommunityPage = lazy(() => import("../routes/community-page").then((m) => ({ default: m.CommunityPage })));
const CommunityProfilePage = lazy(() => import("../routes/community-profile-page").then((m) => ({ default: m.CommunityProfilePage })));
const LivePage = lazy(() => import("../routes/live-page").then((m) => ({ default: m.LivePage })));
const PrivacyPage = lazy(() => import("../routes/privacy-page").then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import("../routes/terms-page").then((m) => ({ default: m.TermsPage })));

/** Every page of the app. Pages live in routes/, one thin file each. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <Suspense fallback={<LoadingSpinner />}>
          <Routes>
            <Route element={<AdminLayout />}>
              <Route path="/access" element={<AccessPage />} />
              <Route element={<RequireAdmin />}>
                <Route path="/admin" element={<AdminHomePage />} />
                <Route path="/access-queue" element={<ManageQueuePage />} />
                <Route path="/settings" element={<SettingsPage />} />
              </Route>
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
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
