import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "../lib/api-client";
import { renderWithProviders } from "../test/render";
import { ErrorBoundary } from "./error-boundary";

let failWith: Error | null = null;

function Page() {
  const [, rerender] = useState(0);
  if (failWith) throw failWith;
  return <button onClick={() => rerender((n) => n + 1)}>Page works</button>;
}

afterEach(() => vi.restoreAllMocks());

function renderFailing(error: Error) {
  const reports = vi.spyOn(console, "error").mockImplementation(() => {});
  failWith = error;
  renderWithProviders(
    <ErrorBoundary>
      <Page />
    </ErrorBoundary>,
  );
  return reports;
}

describe("ErrorBoundary", () => {
  it("shows the crash screen with an error id and reports to the console only", () => {
    const reports = renderFailing(new Error("render exploded"));
    expect(screen.getByText("Oops! Something went wrong")).toBeTruthy();
    expect(screen.getByText(/^err_/)).toBeTruthy();
    const report = reports.mock.calls.find(([label]) => label === "LiveQueue error report")?.[1] as Record<string, unknown>;
    expect(report).toMatchObject({ message: "render exploded", url: window.location.href });
    expect(report.errorId).toMatch(/^err_/);
  });

  it("clears the error with Try Again", async () => {
    renderFailing(new Error("once"));
    failWith = null;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(screen.getByText("Page works")).toBeTruthy();
  });

  it("shows 'Connection Error' with the status and correlation id for a failed API call", () => {
    renderFailing(new ApiError({ status: 503, detail: "Database unavailable", correlationId: "req-abc12345", path: "queuer/queue", method: "GET" }));
    expect(screen.getByText("Connection Error")).toBeTruthy();
    expect(screen.getByText("Database unavailable")).toBeTruthy();
    expect(screen.getByText("503")).toBeTruthy();
    expect(screen.getByText("req-abc12345")).toBeTruthy();
  });

  it("says 'API request failed' when the server gave no message", () => {
    renderFailing(new ApiError({ status: 500, path: "queuer/queue/admin", method: "GET" }));
    expect(screen.getByText("Connection Error")).toBeTruthy();
    expect(screen.getByText("API request failed")).toBeTruthy();
    expect(screen.getByText("500")).toBeTruthy();
  });

  it("asks to check the internet connection when the server cannot be reached", () => {
    renderFailing(new ApiError({ status: 0, detail: "Network Error", path: "queuer/queue", method: "GET" }));
    expect(screen.getByText("Unable to connect to the server. Please check your internet connection.")).toBeTruthy();
  });

  it("says the error's own message when no answer came and it was no network error", () => {
    renderFailing(new ApiError({ status: 0, detail: "Request timeout", path: "auth/admin/test-token", method: "POST" }));
    expect(screen.getByText("Connection Error")).toBeTruthy();
    expect(screen.getByText("Request timeout")).toBeTruthy();
  });
});
