import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderHook } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { presentSite } from "@common/site";
import { publicConfigKey } from "./site";
import { documentTitle, useDocumentTitle } from "./use-document-title";

/** A query client that already holds the public config, with the host's site name when given. */
function withSite(name?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicConfigKey, { site: presentSite((key) => (key === "siteName" ? (name ?? null) : null)) });
  return ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
}

describe("useDocumentTitle", () => {
  it("names the tab 'Page · LiveQueue', and follows the page when it changes", () => {
    const { rerender } = renderHook(({ page }) => useDocumentTitle(page), { initialProps: { page: "Queue" as string | null }, wrapper: withSite() });
    expect(document.title).toBe("Queue · LiveQueue");
    rerender({ page: "@mira" });
    expect(document.title).toBe("@mira · LiveQueue");
  });

  it("uses the site name alone for the home page", () => {
    renderHook(() => useDocumentTitle(null), { wrapper: withSite() });
    expect(document.title).toBe("LiveQueue");
    expect(documentTitle(null, "LiveQueue")).toBe("LiveQueue");
  });

  it("names the tab after the host's site once the host has named it", () => {
    renderHook(() => useDocumentTitle("Queue"), { wrapper: withSite("Nightshift Radio") });
    expect(document.title).toBe("Queue · Nightshift Radio");
  });
});
