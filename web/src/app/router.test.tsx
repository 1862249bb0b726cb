import { startTransition } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Providers } from "./providers";
import { AppRoutes, loadPrerenderedPageCode } from "./router";

let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  document.body.replaceChildren();
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

describe("the app's first render over a prerendered page", () => {
  it("draws /queue itself, never the loading spinner, once main.tsx has loaded the page's code", async () => {
    // Rendered as main.tsx renders: in a transition, on React's own scheduler rather than the tests' act() queue.
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false });
    const container = document.body.appendChild(document.createElement("div"));
    const spinners: number[] = [];
    new MutationObserver(() => spinners.push(container.querySelectorAll("[role='progressbar']").length)).observe(container, { childList: true, subtree: true });

    await loadPrerenderedPageCode("/queue");
    root = createRoot(container);
    startTransition(() =>
      root!.render(
        <Providers>
          <MemoryRouter initialEntries={["/queue"]}>
            <AppRoutes />
          </MemoryRouter>
        </Providers>,
      ),
    );
    await waitFor(() => expect(screen.getByRole("heading", { name: "The Queue" })).toBeTruthy());
    expect(spinners.filter((count) => count > 0)).toEqual([]);
  });
});
