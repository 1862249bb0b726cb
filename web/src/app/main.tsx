import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./providers";
import { queryClient } from "./query-client";
import { AppRouter, loadPrerenderedPageCode } from "./router";
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
// (scripts/prerender-pages.mjs). The app renders once the page's own lazily loaded code is in (a
// Suspense boundary that mounts shows its fallback even in a transition: /queue would be replaced by
// the loading spinner until its code arrived), in a transition, so React leaves that page on screen
// until its own is ready and then replaces it. Nothing to hydrate, so neither a returning visitor's
// page nor live news that arrived while the code loaded can mismatch it. /queue also waits for the
// answers its first render asks for (queue-page-data.ts). Both are asked after this task, which
// evaluates the app's code: on a slow phone, one task of all three blocked the page for long.
if (container.hasChildNodes()) {
  const render = () => startTransition(() => root.render(app));
  const nextTask = new Promise((resolve) => setTimeout(resolve));
  const code = nextTask.then(() => loadPrerenderedPageCode(location.pathname));
  const data = location.pathname === "/queue" ? import("./queue-page-data").then(({ loadQueuePageData }) => loadQueuePageData(queryClient)) : null;
  Promise.all([code, data]).then(render, render);
} else root.render(app);
