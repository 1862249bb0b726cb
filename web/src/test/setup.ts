import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";

// Unmount what each test rendered (vitest runs without globals, so Testing Library cannot hook in itself).
afterEach(cleanup);

// findBy and waitFor wait for what the user would see; their limit is there to end a hang, not to time a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs that Mantine relies on.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// Mantine's autosize textarea listens for web-font loading, which jsdom does not implement.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
