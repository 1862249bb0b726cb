import { afterEach, beforeAll, vi } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { focusManager, onlineManager } from "@tanstack/react-query";

// Unmount what each test rendered (vitest runs without globals, so Testing Library cannot hook in itself),
// and drop its toasts: Mantine keeps them in a store of its own, outside anything React unmounts.
afterEach(() => {
  cleanup();
  notifications.clean();
});

// The files of a worker share one jsdom and its modules (vitest.config.ts): each file starts from the
// page a fresh tab would show, whatever the file before it left behind.
beforeAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  // What tests lay over the browser's own properties (a hidden tab, a slow connection).
  Reflect.deleteProperty(document, "visibilityState");
  Reflect.deleteProperty(navigator, "connection");
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(";")) document.cookie = `${cookie.split("=")[0]!.trim()}=; max-age=0; path=/`;
  window.history.replaceState(null, "", "/");
  document.title = "";
  document.head.replaceChildren();
  document.body.replaceChildren();
});

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

// jsdom has <dialog> but neither showModal() nor close() (nor the browser's focus trap, inert page or
// Escape, which tests of a dialog fire as its `cancel` event): just enough for components/light-dialog.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  if (!this.open) return;
  this.removeAttribute("open");
  this.dispatchEvent(new Event("close"));
};
