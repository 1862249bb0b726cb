import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { errorMessage } from "@common/error-catalogue";
import { ApiError } from "../lib/api-client";
import { renderWithProviders } from "../test/render";
import { QueryState } from "./query-state";

describe("a panel's read state", () => {
  it("names what could not load and says why in the catalogue's words", () => {
    const error = new ApiError({ status: 503, detail: "Database unavailable", path: "scheduler/schedules", method: "GET" });
    renderWithProviders(<QueryState query={{ isPending: false, isError: true, error }} height={80} failedTitle="Could not load the schedules" />);
    expect(screen.getByText("Could not load the schedules")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain(errorMessage(error));
  });

  it("shows nothing once the read has arrived", () => {
    const { container } = renderWithProviders(<QueryState query={{ isPending: false, isError: false, error: null }} height={80} />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(container.querySelector(".mantine-Skeleton-root")).toBeNull();
  });
});
