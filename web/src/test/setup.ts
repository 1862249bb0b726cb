import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";

// Unmount what each test rendered (vitest runs without globals, so Testing Library cannot hook in itself).
afterEach(cleanup);

// findBy*/waitFor wait for what they look for; their deadline only catches a hang. Testing Library's
// own 1 s would make every test against the real server (password hashing, migrations) a test of how
// fast and how busy this machine is.
configure({ asyncUtilTimeout: 15_000 });

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
