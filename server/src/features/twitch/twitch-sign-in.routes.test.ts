import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeTwitch, type FakeTwitch, type FakeTwitchUser } from "../../test/fake-twitch";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { TEST_SYSTEM } from "../../test/factories";
import { newId } from "../../lib/ids";

describeEachDatabase("Sign in with Twitch", (dialect) => {
  let fake: FakeTwitch;
  let app: TestApp;

  beforeAll(async () => {
    fake = await startFakeTwitch();
    app = await startTestApp(dialect, { env: fake.env });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  /** The browser's round trip: start (cookie) -> Twitch -> callback; returns where it lands. */
  async function signIn(user: FakeTwitchUser): Promise<URL> {
    fake.nextAuthorize = { user };
    const start = await fetch(`${app.baseUrl}/auth/twitch/start?redirect_to=/queue`, { redirect: "manual" });
    const cookie = start.headers.get("set-cookie")!.split(";")[0]!;
    const atTwitch = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = await fetch(atTwitch.headers.get("location")!, { redirect: "manual", headers: { cookie } });
    return new URL(back.headers.get("location")!);
  }

  it("makes a member account for a new Twitch user and signs them in", async () => {
    const landed = await signIn({ id: "5001", login: "newviewer", display_name: "NewViewer", email: "new@example.com", email_verified: true });
    expect(landed.pathname).toBe("/auth/success");
    expect(landed.searchParams.get("is_new_user")).toBe("true");
    expect(landed.searchParams.get("redirect_to")).toBe("/queue");
    const account = await app.deps.services.users.accounts.findById(landed.searchParams.get("user_id")!);
    expect(account).toMatchObject({ twitch_sub: "5001", email: "new@example.com", email_verified: true });
    const again = await signIn({ id: "5001", login: "newviewer", display_name: "NewViewer" });
    expect(again.searchParams.get("user_id")).toBe(account!.id);
    expect(again.searchParams.get("is_new_user")).toBe("false");
  });

  it("links to an existing account only on an e-mail both sides verified", async () => {
    const now = new Date().toISOString();
    const verified = await app.deps.services.users.accounts.insert({
      id: newId(),
      username: "verified_member",
      email: "member@example.com",
      email_verified: true,
      password_hash: null,
      google_sub: null,
      display_name: "Member",
      avatar_url: null,
      now,
    });
    const linked = await signIn({ id: "5002", login: "member", display_name: "Member", email: "member@example.com", email_verified: true });
    expect(linked.searchParams.get("user_id")).toBe(verified.id);

    const unproven = await app.deps.services.users.accounts.insert({
      id: newId(),
      username: "unproven_member",
      email: "unproven@example.com",
      email_verified: false,
      password_hash: "x",
      google_sub: null,
      display_name: "Unproven",
      avatar_url: null,
      now,
    });
    const apart = await signIn({ id: "5003", login: "other", display_name: "Other", email: "unproven@example.com", email_verified: true });
    expect(apart.searchParams.get("user_id")).not.toBe(unproven.id);
    const unverifiedAtTwitch = await signIn({ id: "5004", login: "third", display_name: "Third", email: "member@example.com", email_verified: false });
    expect(unverifiedAtTwitch.searchParams.get("user_id")).not.toBe(verified.id);
  });

  it("brings the viewer's song requested from Twitch chat into the account", async () => {
    await app.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    const reply = await app.deps.services.chatRequests.requestFromChat({
      identity: { platform: "twitch", platformUserId: "5005", displayName: "ChatViewer" },
      roles: [],
      text: "https://www.youtube.com/watch?v=chatsong001",
      source: "twitch_chat",
    });
    expect(reply.entryId).not.toBeNull();
    const landed = await signIn({ id: "5005", login: "chatviewer", display_name: "ChatViewer" });
    const entry = await app.database.db.selectFrom("submissions").select(["owner_id", "user_id"]).where("id", "=", reply.entryId!).executeTakeFirstOrThrow();
    expect(entry.owner_id).toBe(landed.searchParams.get("user_id"));
  });

  it("sends a forged callback to the error page", async () => {
    const back = await fetch(`${app.baseUrl}/auth/twitch/callback?code=abc&state=forged`, { redirect: "manual" });
    expect(new URL(back.headers.get("location")!).searchParams.get("error")).toBe("invalid_state");
  });
});
