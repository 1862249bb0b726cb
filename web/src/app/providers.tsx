import type { ReactNode } from "react";
import { type CSSVariablesResolver, Drawer, Loader, MantineProvider, Modal, Notification, createTheme } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { queryClient } from "./query-client";

const theme = createTheme({
  primaryColor: "violet",
  fontFamily: "Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  defaultRadius: "md",
  // Every close button and loader is named for screen readers once, here, not per use.
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { "aria-label": "Close" } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { "aria-label": "Close" } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { "aria-label": "Close notification" } } }),
    Loader: Loader.extend({ defaultProps: { role: "progressbar" } }),
  },
});

/**
 * Mantine's dark "dimmed" grey (#828282) reads at about 4:1 on the dark surfaces; this one is at least
 * 4.5:1 on every dark background the app uses (WCAG AA for body text).
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: { "--mantine-color-dimmed": "#a3a3a3" },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" autoClose={4500} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
