import { lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { ErrorBoundary } from "../components/error-boundary";
import { LoadingSpinner } from "../components/loading-spinner";
import { AuthErrorPage } from "../routes/auth-error-page";
import { AuthSuccessPage } from "../routes/auth-success-page";
import { CommunityPage } from "../routes/community-page";
import { CommunityProfilePage } from "../routes/community-profile-page";
import { HomePage } from "../routes/home-page";
import { NotFoundPage } from "../routes/not-found-page";
import { QueuePage } from "../routes/queue-page";
import { AccessPage } from "../routes/admin/access-page";
import { AdminHomePage } from "../routes/admin/admin-home-page";
import { ManageQueuePage } from "../routes/admin/manage-queue-page";
import { SettingsPage } from "../routes/admin/settings-page";
import { RequireAdmin } from "../features/admin";
import { AdminLayout } from "./admin-layout";
import { PublicLayout } from "./public-layout";

// Pages most visitors never open load on demand, behind the full-page spinner.
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
