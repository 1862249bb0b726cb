import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Providers } from "./providers";
import { AppRouter } from "./router";
import { keepZodFromEval } from "./strict-csp";

keepZodFromEval();

const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>
);

/** Nothing stored by this site: the page renders as on a first visit, which is what was prerendered. */
function isFirstVisit(): boolean {
  try {
    return localStorage.length === 0;
  } catch {
    return true;
  }
}

// `/` and `/queue` arrive prerendered as a first visit sees them (scripts/prerender-pages.mjs). A first
// visit takes over that HTML as it is; a returning visitor's page (signed in, a song in the queue,
// notices) differs from it, so it is rendered anew rather than hydrated into a mismatch.
if (container.hasChildNodes() && isFirstVisit()) hydrateRoot(container, app);
else {
  container.replaceChildren();
  createRoot(container).render(app);
}
