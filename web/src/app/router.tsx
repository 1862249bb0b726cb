import { BrowserRouter, Route, Routes } from "react-router";
import { ErrorBoundary } from "../components/error-boundary";
import { HomePage } from "../routes/home-page";
import { LivePage } from "../routes/live-page";
import { NotFoundPage } from "../routes/not-found-page";
import { PrivacyPage } from "../routes/privacy-page";
import { QueuePage } from "../routes/queue-page";
import { TermsPage } from "../routes/terms-page";
import { PublicLayout } from "./public-layout";

/** Every page of the app. Pages live in routes/, one thin file each. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="/" element={<HomePage />} />
            <Route path="/queue" element={<QueuePage />} />
            <Route path="/live" element={<LivePage />} />
            <Route path="/privacy" element={<PrivacyPage />} />
            <Route path="/terms" element={<TermsPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
