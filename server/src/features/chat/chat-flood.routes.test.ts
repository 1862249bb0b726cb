import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import { openEmptyQueue } from "../../test/factories";

const nightbotUser = (id: string, displayName: string) =>
  new URLSearchParams({ name: displayName.toLowerCase(), displayName, provider: "twitch", providerId: id, userLevel: "everyone" }).toString();
/** A YouTube link of its own for each viewer (video ids are 11 characters). */
const linkOf = (viewer: number) => `https://youtu.be/${`v${viewer}`.padEnd(11, "x")}`;

describeEachDatabase("chat requests under load", (dialect) => {
  let server: TestApp;
  let secret: string;

  beforeAll(async () => {
    let http;
    let token: string;
    ({ server, http, token } = await startRouteTestApp(dialect, { env: { RATE_LIMIT_CHAT_MAX: "100000" } }));
    secret = (await http.post("chat/admin/secret", { token })).body.secret;
  });
  afterAll(() => server.close());
  beforeEach(() => openEmptyQueue(server.deps));

  async function sr(viewer: number, link = linkOf(viewer)): Promise<{ status: number; line: string }> {
    const response = await fetch(`${server.baseUrl}/chat/${secret}/sr?q=${encodeURIComponent(link)}`, {
      headers: { "nightbot-user": nightbotUser(`9${viewer}`, `viewer${viewer}`) },
    });
    return { status: response.status, line: await response.text() };
  }

  it("queues one entry when the same viewer's request arrives twice at once", async () => {
    const answers = await Promise.all([sr(1), sr(1)]);
    const seen = JSON.stringify(answers);
    expect(
      answers.map((answer) => answer.status),
      seen,
    ).toEqual([200, 200]);
    expect(
      answers.filter((answer) => /^@viewer1: queued/.test(answer.line)),
      seen,
    ).toHaveLength(1);
    // The second is refused as the same person, or as the same song if the first was already in when it looked.
    const refused = answers.find((answer) => !/^@viewer1: queued/.test(answer.line))!.line;
    expect(["@viewer1: you already have a song in the queue. Type !wrongsong to take it out first.", "@viewer1: that song is already in the queue."]).toContain(refused);
    const live = await server.deps.db.selectFrom("submissions").select("id").where("status", "in", ["waiting", "active", "on_hold"]).execute();
    expect(live).toHaveLength(1);
  });

  it("answers every one of a 1,000-message flood with its own line, and keeps serving the queue page meanwhile", async () => {
    // 250 viewers each send !sr four times, fifty messages in flight at a time.
    const messages = Array.from({ length: 1000 }, (_, index) => index % 250);
    const answers: { status: number; line: string }[] = [];
    const pageReads: number[] = [];
    for (let start = 0; start < messages.length; start += 50) {
      const batch = messages.slice(start, start + 50).map((viewer) => sr(viewer));
      // A viewer on the web page while chat floods in.
      const page = fetch(`${server.baseUrl}/queuer/queue`).then((response) => response.status);
      answers.push(...(await Promise.all(batch)));
      pageReads.push(await page);
    }
    expect(answers).toHaveLength(1000);
    for (const { status, line } of answers) {
      expect(status).toBe(200);
      expect(line).toMatch(/^@viewer\d+: (queued your song at #\d+|you already have a song in the queue)/);
    }
    expect(answers.filter((answer) => answer.line.includes("queued"))).toHaveLength(250);
    expect(pageReads.every((status) => status === 200)).toBe(true);
    const waiting = await (await fetch(`${server.baseUrl}/queuer/queue`)).json();
    expect(waiting).toHaveLength(250);
    expect(await fetch(`${server.baseUrl}/chat/${secret}/queue`).then((response) => response.text())).toMatch(/^The queue has 250 songs waiting/);
  });
});
