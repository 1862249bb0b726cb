import { useState, type ReactNode } from "react";
import { AppShell, Box, Burger, Button, Drawer, Group, NavLink as NavItem, Stack, Text } from "@mantine/core";
import { Link, NavLink, useLocation } from "react-router";
import { ErrorBoundary } from "../../../components/error-boundary";
import { Footer } from "../../../components/footer";
import { HEADER_HEIGHT } from "../../../components/page";
import { ADMIN_PAGES } from "../admin-pages";
import { useAdminSession, useAdminSignOut } from "../../admin-session";
import classes from "./admin-shell.module.css";
import { QueueStateBadge } from "./queue-state-badge";

const NAV_WIDTH = 232;

/** Links to every back-office page; the one shown is marked as the current page. */
function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2} component="nav" aria-label="Back-office">
      {ADMIN_PAGES.map((page) => (
        <NavItem key={page.path} component={NavLink} to={page.path} end label={page.label} active={pathname === page.path} variant="light" onClick={onNavigate} />
      ))}
      <NavItem component={Link} to="/" label="Public site" c="dimmed" onClick={onNavigate} />
    </Stack>
  );
}

/** The frame of every signed-in back-office page: the queue's state, Logout, and the page navigation (a drawer on phones). */
export function AdminShell({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const { admin } = useAdminSession();
  const signOut = useAdminSignOut();
  const { pathname } = useLocation();

  return (
    <AppShell header={{ height: HEADER_HEIGHT }} navbar={{ width: NAV_WIDTH, breakpoint: "sm", collapsed: { mobile: true } }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={menuOpen} onClick={() => setMenuOpen((open) => !open)} hiddenFrom="sm" size="sm" aria-label="Back-office pages" />
            <Link to="/admin" className={classes.brand}>
              LiveQueue
            </Link>
            <Text size="sm" c="dimmed" visibleFrom="xs">
              Back-office
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <QueueStateBadge />
            <Text size="sm" c="dimmed" visibleFrom="md" maw={160} truncate title={admin?.username}>
              {admin?.username}
            </Text>
            <Button variant="light" color="red" size="xs" onClick={() => void signOut()}>
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" visibleFrom="sm">
        <AdminNav />
      </AppShell.Navbar>
      <Drawer opened={menuOpen} onClose={closeMenu} title="Back-office" size={280} hiddenFrom="sm">
        <AdminNav onNavigate={closeMenu} />
      </Drawer>
      <AppShell.Main>
        {/* A page that fails to load shows its Connection Error here; the navigation stays. Another page starts afresh. */}
        <ErrorBoundary inline key={pathname}>
          {children}
        </ErrorBoundary>
      </AppShell.Main>
      {/* Outside <main>, a landmark of its own, beside the navigation like the main content. */}
      <Box ps="var(--app-shell-navbar-offset, 0px)">
        <Footer />
      </Box>
    </AppShell>
  );
}
