/** The few LiveQueue calls the benchmarks make, through plain fetch. */
export function liveQueueApi(baseUrl: string) {
  const api = `${baseUrl}/api/v1`;
  let adminToken = "";

  /** A call as the signed-in admin, or `asGuest` as a signed-out browser makes it. */
  async function call(method: string, path: string, body?: unknown, { asGuest = false } = {}) {
    const response = await fetch(`${api}/${path}`, {
      method,
      headers: {
        ...(adminToken && !asGuest ? { authorization: `Bearer ${adminToken}` } : {}),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }

  return {
    async signIn() {
      const response = await fetch(`${api}/auth/admin`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username: "bench", password: "bench-password" }),
      });
      if (!response.ok) throw new Error(`admin sign-in: ${response.status} ${await response.text()}`);
      adminToken = (await response.json()).access_token;
    },
    openQueue: () => call("PUT", "set/isQueueOn", { state: "true" }),
    /** The secret in the chat bots' command URLs (GET /chat/{secret}/sr?q=...). */
    chatSecret: async (): Promise<string> => (await call("POST", "chat/admin/secret")).secret,
    /**
     * The host's Twitch connect, as the browser follows it: Twitch's consent page (whoever the Twitch
     * server approves as) sends it back to the callback, which lands on the admin page saying whether
     * the channel is connected.
     */
    async connectTwitch(): Promise<void> {
      const { authorize_url } = await call("POST", "admin/twitch/connect");
      const atTwitch = await fetch(authorize_url, { redirect: "manual" });
      const back = await fetch(atTwitch.headers.get("location") ?? "", { redirect: "manual" });
      const landing = new URL(back.headers.get("location") ?? "", baseUrl);
      if (landing.searchParams.get("twitch") !== "connected") throw new Error(`Twitch connect: ${landing.searchParams.get("twitch_error") ?? back.status}`);
    },
    /** Creates the "Request a song" channel-point reward on the connected channel; returns its id. */
    twitchRequestReward: async (cost: number): Promise<string> => (await call("POST", "admin/twitch/rewards", { request_cost: cost })).request_reward_id,
    /** Admin adds `count` waiting entries, `concurrency` at a time; returns their user ids. */
    async fill(count: number, concurrency = 16): Promise<string[]> {
      const ids: string[] = [];
      for (let start = 0; start < count; start += concurrency) {
        const batch = Array.from({ length: Math.min(concurrency, count - start) }, (_, i) =>
          call("POST", "admin-post/", {
            artist_name: `Artist ${start + i}`,
            track_title: `Track ${start + i}`,
            youtube_username: `viewer${start + i}`,
            link: `https://example.com/watch?v=${start + i}`,
            message: "bench entry",
          }),
        );
        for (const result of await Promise.all(batch)) ids.push(result.queuer.user_id);
      }
      return ids;
    },
    move: (userId: string) => call("GET", `move/${userId}`),
    /** Admin removes a waiting entry: only the Waiting list changes. */
    remove: (userId: string) => call("DELETE", `queuer/${userId}/admin`),
    /** Admin clears the Waiting list (Clear Waiting on the clearing tools' page). */
    clearWaiting: () => call("DELETE", "queuer/queue/admin"),
    /** The Waiting list as the API serves it now, and its version (the ETag without quotes). */
    async waiting(): Promise<{ version: string; entries: { user_id: string; track_title: string; link: string }[] }> {
      const response = await fetch(`${api}/queuer/queue`);
      if (!response.ok) throw new Error(`GET queuer/queue: ${response.status}`);
      const etag = response.headers.get("etag") ?? "";
      return { version: etag.replace(/^W\//, "").replace(/^"|"$/g, ""), entries: await response.json() };
    },
    /** A guest's submission, as a signed-out visitor's browser sends it: no admin token. */
    submitAsGuest: (n: number | string): Promise<{ queuer: { user_id: string } }> =>
      call("POST", "queuer/", { artist_name: `New ${n}`, track_title: `Song ${n}`, link: `https://example.com/new/${n}` }, { asGuest: true }),
  };
}
