import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import { renderWithProviders } from "../test/render";
import { LoadingSpinner } from "./loading-spinner";

afterEach(() => vi.useRealTimers());

describe("LoadingSpinner", () => {
  it("draws a ring of 20 dots with its label", () => {
    renderWithProviders(<LoadingSpinner label="Loading the queue…" />);
    expect(screen.getAllByTestId("spinner-dot")).toHaveLength(20);
    expect(screen.getByRole("status").textContent).toContain("Loading the queue…");
  });

  it("goes away after the given number of seconds", () => {
    vi.useFakeTimers();
    renderWithProviders(<LoadingSpinner seconds={3} />);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole("status")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("status")).toBeNull();
  });
});
