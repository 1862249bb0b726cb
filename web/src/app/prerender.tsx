import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { Providers } from "./providers";
import { queryClient } from "./query-client";
import { AppRoutes } from "./router";

/**
 * The HTML of a first visit to `url` before any answer from the API, built into the page it is served
 * in (scripts/prerender-pages.mjs), so a phone paints the page before the JavaScript arrives; main.tsx's
 * render then replaces it. The tree is main.tsx's with the router holding `url` instead of the address bar.
 */
export async function prerenderPage(url: string): Promise<string> {
  // Each page as a first visit, and no query's clean-up timer left to keep the build running.
  queryClient.clear();
  // One piece of HTML: no boundary sent ahead of its content, which would need an inline script to show.
  const { prelude } = await prerender(
    <StrictMode>
      <Providers>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  return html;
}
