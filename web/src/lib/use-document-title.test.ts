import { describe, expect, it } from "vitest";
import { renderHook } from "@testing-library/react";
import { documentTitle, useDocumentTitle } from "./use-document-title";

describe("useDocumentTitle", () => {
  it("names the tab 'Page · LiveQueue', and follows the page when it changes", () => {
    const { rerender } = renderHook(({ page }) => useDocumentTitle(page), { initialProps: { page: "Queue" as string | null } });
    expect(document.title).toBe("Queue · LiveQueue");
    rerender({ page: "@mira" });
    expect(document.title).toBe("@mira · LiveQueue");
  });

  it("uses the site name alone for the home page", () => {
    renderHook(() => useDocumentTitle(null));
    expect(document.title).toBe("LiveQueue");
    expect(documentTitle(null)).toBe("LiveQueue");
  });
});
