import type { ReactNode } from "react";
import { Loader, MantineProvider, Notification, createTheme } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { queryClient } from "./query-client";

const theme = createTheme({
  primaryColor: "violet",
  fontFamily: "Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  defaultRadius: "md",
  // Mantine's dark grey for secondary text (#828282, shade 2) reads at about 4:1 on the dark surfaces;
  // this one is at least 4.5:1 on every dark background the app uses (WCAG AA for body text).
  colors: {
    dark: ["#C9C9C9", "#b8b8b8", "#a3a3a3", "#696969", "#424242", "#3b3b3b", "#2e2e2e", "#242424", "#1f1f1f", "#141414"],
  },
  // Every close button and loader is named for screen readers once, here, not per use.
  components: {
    // Plain objects, not Modal.extend(): importing Modal here would put it in every first load.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { "aria-label": "Close notification" } } }),
    Loader: Loader.extend({ defaultProps: { role: "progressbar", "aria-label": "Loading" } }),
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark">
      <Notifications position="top-right" autoClose={4500} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
