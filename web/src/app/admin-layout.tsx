import { Box } from "@mantine/core";
import { Outlet } from "react-router";
import { Footer } from "../components/footer";
import { AdminSessionProvider } from "../features/admin";

/** Every admin page, /access included: one admin session, restored once on load, and the footer. */
export function AdminLayout() {
  return (
    <AdminSessionProvider>
      <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
        <Box component="main" style={{ flex: 1 }}>
          <Outlet />
        </Box>
        <Footer />
      </Box>
    </AdminSessionProvider>
  );
}
