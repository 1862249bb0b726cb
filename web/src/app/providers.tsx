import { Suspense, lazy, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { Loader, MantineProvider, createTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notificationsStore } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { useSite } from "../lib/site";
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./global.css";
import { queryClient } from "./query-client";
import { themeWithAccent } from "./site-theme";

export const theme = createTheme({
  primaryColor: "violet",
  fontFamily: "Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  defaultRadius: "md",
  // The one type scale: pages set a Title's order, never its size. A page's h1 grows with the screen,
  // from 28 px on a phone to 36 px on a desktop.
  headings: {
    fontWeight: "800",
    sizes: {
      h1: { fontSize: "clamp(1.75rem, 1.4rem + 1.5vw, 2.25rem)", lineHeight: "1.15" },
      h2: { fontSize: "1.25rem", lineHeight: "1.3" },
      h3: { fontSize: "1.125rem", lineHeight: "1.35" },
      h4: { fontSize: "1rem", lineHeight: "1.4" },
    },
  },
  // Mantine's dark grey for secondary text (#828282, shade 2) reads at about 4:1 on the dark surfaces;
  // this one is at least 4.5:1 on every dark background the app uses (WCAG AA for body text).
  colors: {
    dark: ["#C9C9C9", "#b8b8b8", "#a3a3a3", "#696969", "#424242", "#3b3b3b", "#2e2e2e", "#242424", "#1f1f1f", "#141414"],
  },
  // Every close button and loader is named for screen readers once, here, not per use.
  components: {
    // Plain objects, not Modal.extend(): importing Modal or Notification here would put it in every first load.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    // A dialog's title bar is no second banner landmark beside the page's header.
    ModalHeader: { defaultProps: { component: "div" } },
    DrawerHeader: { defaultProps: { component: "div" } },
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "Close notification" } } },
    Loader: Loader.extend({ defaultProps: { role: "progressbar", "aria-label": "Loading" } }),
  },
});

const PHONE_TOAST_LIMIT = 1;
const DESKTOP_TOAST_LIMIT = 5;

const ToastStack = lazy(() => import("./toast-stack").then((m) => ({ default: m.ToastStack })));

const holdsToasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/**
 * Toasts rise from the bottom, so they never cover a page header or the controls a host clicks
 * again and again at the top of Manage Queue (Play next). A phone shows one at a time: a stack would
 * cover half the screen, the viewer's own Edit Submission and Leave Queue with it.
 *
 * The container's code loads with the first toast, not with the first visit (which shows none), and
 * stays once there. `notifications.show` works from the start: Mantine's store holds a toast shown
 * before the container arrives, and the container shows it when it mounts.
 */
export function Toasts() {
  // Read as it renders, not after: a first visit's page is not drawn again for it.
  const phone = useMediaQuery("(max-width: 47.99em)", undefined, { getInitialValueInEffect: false });
  const position = phone ? "bottom-center" : "bottom-right";
  const limit = phone ? PHONE_TOAST_LIMIT : DESKTOP_TOAST_LIMIT;
  const holding = useSyncExternalStore(notificationsStore.subscribe, holdsToasts, () => false);
  const [needed, setNeeded] = useState(false);
  if (holding && !needed) setNeeded(true);
  // What the container sets when it mounts, set from the start: the store queues toasts beyond the
  // limit as they are shown, also those shown before the container has arrived.
  useEffect(() => {
    notificationsStore.updateState((state) => ({ ...state, limit, defaultPosition: position }));
  }, [limit, position]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack position={position} limit={limit} autoClose={4500} />
    </Suspense>
  );
}

/** Mantine in the host's accent colour, which arrives with the public config. */
function SiteThemeProvider({ children }: { children: ReactNode }) {
  const accent = useSite().accent_color;
  const siteTheme = useMemo(() => themeWithAccent(theme, accent), [accent]);
  return (
    <MantineProvider theme={siteTheme} defaultColorScheme="dark">
      <Toasts />
      {children}
    </MantineProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteThemeProvider>{children}</SiteThemeProvider>
    </QueryClientProvider>
  );
}
