import { JSDOM } from "jsdom";

/**
 * jsdom's XMLHttpRequest only talks to its own page's origin (and the test page is localhost:3000),
 * so uploads to a real test server use the XMLHttpRequest of a window of that server's origin.
 * Returns a function that puts the page's own XMLHttpRequest back.
 */
export function useXhrOfOrigin(url: string): () => void {
  const original = globalThis.XMLHttpRequest;
  const { window } = new JSDOM("", { url: new URL(url).origin + "/" });
  globalThis.XMLHttpRequest = window.XMLHttpRequest as unknown as typeof XMLHttpRequest;
  return () => {
    globalThis.XMLHttpRequest = original;
    window.close();
  };
}
