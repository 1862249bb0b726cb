import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { ApiError } from "../../../lib/api-client";
import { renderWithProviders } from "../../../test/render";
import { useFakeAdminApi } from "../../../test/fake-admin-api";
import { AdminSessionProvider } from "../../admin-session";
import { AdminShell } from "./admin-shell";

useFakeAdminApi(() => [200, {}]);
afterEach(() => vi.restoreAllMocks());

function FailingPage(): never {
  throw new ApiError({ status: 503, detail: "Database unavailable", path: "scheduler/schedules", method: "GET" });
}

describe("the back-office shell", () => {
  it("keeps its navigation when a page fails to load, and shows the Connection Error in the page", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithProviders(
      <AdminSessionProvider>
        <AdminShell>
          <FailingPage />
        </AdminShell>
      </AdminSessionProvider>,
      { route: "/queue-scheduler" },
    );
    const main = screen.getByRole("main");
    expect(within(main).getByText("Connection Error")).toBeTruthy();
    expect(within(main).getByText("Database unavailable")).toBeTruthy();
    expect(screen.getAllByRole("navigation", { name: "Back-office" }).length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
  });
});
