import type { ScriptLoader } from "./source";

const loaded = new Map<string, Promise<void>>();

/** Adds a <script> for the address once; a failed load may be tried again. */
export const loadScript: ScriptLoader = (url) => {
  const known = loaded.get(url);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loaded.delete(url);
      script.remove();
      reject(new Error(`Could not load ${url}`));
    };
    document.head.append(script);
  });
  loaded.set(url, loading);
  return loading;
};

/**
 * Loads a platform's script that announces itself through a global callback
 * (`onYouTubeIframeAPIReady`, `onSpotifyIframeApiReady`): resolves with what the callback is given,
 * or at once when `ready()` already has the API.
 */
export function loadApiWithCallback<T>(loader: ScriptLoader, url: string, callbackName: string, ready: () => T | undefined): Promise<T> {
  const already = ready();
  if (already) return Promise.resolve(already);
  const global = window as unknown as Record<string, unknown>;
  return new Promise<T>((resolve, reject) => {
    const previous = global[callbackName];
    global[callbackName] = (api?: T) => {
      if (typeof previous === "function") (previous as (api?: T) => void)(api);
      resolve(api ?? ready()!);
    };
    loader(url).catch(reject);
  });
}
