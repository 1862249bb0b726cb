import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./providers";
import { AppRouter } from "./router";
import { keepZodFromEval } from "./strict-csp";

keepZodFromEval();

const container = document.getElementById("root")!;
const root = createRoot(container);
const app = (
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>
);

// `/` and `/queue` arrive prerendered as a first visit sees them, inert until the app is ready
// (scripts/prerender-pages.mjs). Rendered in a transition, React leaves that page on screen until its
// own is ready, the page's lazily loaded code included, and then replaces it: no spinner in between,
// and nothing to hydrate, so neither a returning visitor's page nor live news that arrived while the
// code loaded can mismatch it.
if (container.hasChildNodes()) startTransition(() => root.render(app));
else root.render(app);
