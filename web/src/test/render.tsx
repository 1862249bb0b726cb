import type { ReactElement, ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { LiveProvider } from "../features/live";

/** Renders a component with the app's providers; `liveUrl` connects a real live socket when given. */
export function renderWithProviders(ui: ReactElement, { liveUrl = null, route = "/" }: { liveUrl?: string | null; route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
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
