import type { ReactElement, ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { PublicConfig } from "@common/files";
import type { Site } from "@common/site";
import { LiveProvider } from "../features/live";
import { publicConfigKey } from "../lib/site";

interface RenderOptions {
  liveUrl?: string | null;
  route?: string;
  /** The host's site as public-config would serve it, already loaded. */
  site?: Site;
  /** The query cache to render with (a fresh one without retries by default). */
  client?: QueryClient;
}

/** Renders a component with the app's providers; `liveUrl` connects a real live socket when given. */
export function renderWithProviders(
  ui: ReactElement,
  { liveUrl = null, route = "/", site, client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }) }: RenderOptions = {},
) {
  if (site) client.setQueryData<Partial<PublicConfig>>(publicConfigKey, { site });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <LiveProvider url={liveUrl}>{children}</LiveProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { client, ...render(ui, { wrapper }) };
}
