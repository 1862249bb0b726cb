import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { DEFAULT_SITE_NAME } from "@common/site";
import { documentTitle } from "../../lib/use-document-title";
import { useFakeAdminApi } from "../../test/fake-admin-api";
import { renderWithProviders } from "../../test/render";
import { AuditPage } from "./audit-page";
import { SubmissionsPlayedPage } from "./submissions-played-page";

useFakeAdminApi(() => [200, []]);

describe("a back-office page's frame", () => {
  it("names the audit log in the tab too, and offers Manage Queue before the way back to the admin home", () => {
    renderWithProviders(<AuditPage />, { route: "/admin/audit" });
    expect(screen.getByRole("heading", { level: 1, name: "Audit log" })).toBeTruthy();
    expect(document.title).toBe(documentTitle("Audit log", DEFAULT_SITE_NAME));
    expect(screen.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Manage Queue", "/access-queue"],
      ["Return Admin Page", "/admin"],
    ]);
  });

  it("keeps the way to Analytics beside the way back on Submissions Played", () => {
    renderWithProviders(<SubmissionsPlayedPage />, { route: "/submission-played" });
    expect(document.title).toBe(documentTitle("Submissions Played", DEFAULT_SITE_NAME));
    expect(screen.getByRole("link", { name: "Analytics" }).getAttribute("href")).toBe("/analytics");
    expect(screen.getByRole("link", { name: "Return Admin Page" }).getAttribute("href")).toBe("/admin");
  });
});
