import { lazy, Suspense } from "react";

// Below the fold on Home: its form controls load after the first paint.
const EmailSignupCard = lazy(() => import("./components/email-signup-card").then((m) => ({ default: m.EmailSignupCard })));

export function LazyEmailSignupCard() {
  return (
    <Suspense fallback={null}>
      <EmailSignupCard />
    </Suspense>
  );
}
