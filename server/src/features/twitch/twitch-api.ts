import type { ApiClient } from "@twurple/api";
import type { AuthProvider } from "@twurple/auth";
import type { Agent, Dispatcher } from "undici";

const TWITCH_HELIX = new URL("https://api.twitch.tv/helix");

/**
 * Sends what twurple addresses to api.twitch.tv/helix to the configured Helix address instead.
 * twurple has no setting for its Helix base (only a process-wide mock port on localhost), but it hands
 * `fetchOptions` to every fetch, so a dispatcher can redirect each request.
 */
function redirectingDispatcher(agent: Agent, helixUrl: string): Dispatcher {
  const target = new URL(helixUrl);
  const base = target.pathname.replace(/\/+$/, "");
  return new Proxy(agent, {
    get(object, property, receiver) {
      if (property !== "dispatch") return Reflect.get(object, property, receiver);
      return (options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) => {
        const origin = String(options.origin ?? "");
        if (origin !== TWITCH_HELIX.origin || !options.path.startsWith(TWITCH_HELIX.pathname)) return object.dispatch(options, handler);
        const path = `${base}${options.path.slice(TWITCH_HELIX.pathname.length)}`;
        return object.dispatch({ ...options, origin: target.origin, path }, handler);
      };
    },
  });
}

/**
 * A Helix client acting with `authProvider`'s tokens, at `helixUrl`. twurple and undici are loaded
 * here, on first use, so a server without Twitch never holds them in memory. undici is CommonJS: in
 * the server's build its chunk exports only `default`, hence no named import of Agent.
 */
export async function createTwitchApiClient(authProvider: AuthProvider, helixUrl: string): Promise<ApiClient> {
  const { ApiClient } = await import("@twurple/api");
  const fetchOptions = helixUrl.replace(/\/+$/, "") === TWITCH_HELIX.href ? {} : { dispatcher: redirectingDispatcher(new (await import("undici")).default.Agent(), helixUrl) };
  return new ApiClient({ authProvider, fetchOptions: fetchOptions as never, logger: { minLevel: "critical" } });
}
