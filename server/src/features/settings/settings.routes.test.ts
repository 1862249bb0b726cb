import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createTestAdmin, type TestAdmin } from "../../test/admins";
import { connectSocket, type TestSocket } from "../../test/live";

describeEachDatabase("queue settings", (dialect) => {
  let server: TestApp;
  let http: ReturnType<typeof httpClient>;
  let admin: TestAdmin;
  let viewer: TestSocket;

  beforeAll(async () => {
    server = await startTestApp(dialect);
    http = httpClient(server.baseUrl);
    admin = await createTestAdmin(server.deps);
    viewer = await connectSocket(`${server.wsUrl}/ws/public`);
  });
  afterAll(async () => {
    await viewer.close();
    await server.close();
  });

  const put = (name: string, state: unknown, token = admin.accessToken) => http.put(`set/${name}`, { token, json: { state } });

  describe("reading", () => {
    it("lists every setting but the private words list with its default to anyone", async () => {
      const response = await http.get("set");
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        { name: "isQueueOn", state: "false" },
        { name: "isSubmissionsOpen", state: "true" },
        { name: "youtubeStreamLink", state: null },
        { name: "inactivityTimeoutMinutes", state: "60" },
        { name: "nextStreamStartAt", state: null },
        { name: "watchMinutesPerToken", state: "60" },
        { name: "votesPerSession", state: "3" },
        { name: "submissionsPerStream", state: "0" },
        { name: "maxSongSeconds", state: "0" },
        { name: "siteName", state: "LiveQueue" },
        { name: "socialLinks", state: "" },
        { name: "contactEmail", state: "" },
        { name: "footerText", state: "" },
        { name: "accentColor", state: "" },
        { name: "hostTimeZone", state: "America/New_York" },
        { name: "chatRequestMinimumRole", state: "everyone" },
        { name: "chatLimitExemptRoles", state: "" },
        { name: "skipVoteThreshold", state: "off" },
        { name: "approvalFirst", state: "false" },
        { name: "autoAdvance", state: "false" },
        { name: "autoAdvanceGapSeconds", state: "3" },
        { name: "songLimitSeconds", state: "0" },
      ]);
    });

    it("answers one setting by name, and 404 for a name it does not know", async () => {
      expect((await http.get("set/inactivityTimeoutMinutes")).body).toEqual({ name: "inactivityTimeoutMinutes", state: "60" });
      const unknown = await http.get("set/favouriteColour");
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ detail: "Setting not found" });
    });
  });

  describe("changing", () => {
    it("opens the queue, tells every socket, and announces it", async () => {
      const response = await put("isQueueOn", "true");
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ name: "isQueueOn", state: "true" });
      expect(await viewer.next("settings_update")).toMatchObject({ setting_name: "isQueueOn", setting_value: "true" });
      expect(await viewer.next("system_message")).toMatchObject({ message_type: "info", message: "Queue is now OPEN" });
      expect((await http.get("set/isQueueOn")).body.state).toBe("true");

      await put("isQueueOn", false);
      expect(await viewer.next("settings_update")).toMatchObject({ setting_name: "isQueueOn", setting_value: "false" });
      expect(await viewer.next("system_message")).toMatchObject({ message: "Queue is now CLOSED" });
    });

    it("sends every other change to sockets as settings_update, without an announcement", async () => {
      const changes = [
        ["youtubeStreamLink", "https://www.youtube.com/watch?v=abc123", "https://www.youtube.com/watch?v=abc123"],
        ["inactivityTimeoutMinutes", " 0030 ", "30"],
        ["nextStreamStartAt", "2026-12-01T19:00:00-05:00", "2026-12-02T00:00:00.000Z"],
        ["isSubmissionsOpen", "FALSE", "false"],
      ] as const;
      for (const [name, sent, stored] of changes) {
        const response = await put(name, sent);
        expect(response.body).toEqual({ name, state: stored });
        const update = await viewer.next("settings_update");
        expect(update).toEqual({ type: "settings_update", setting_name: name, setting_value: stored, timestamp: expect.any(String) });
      }
      await viewer.expectNone("system_message");
      await put("isSubmissionsOpen", "true");
      await viewer.next("settings_update");
    });

    it("reports the queue busy while it is on with submissions paused", async () => {
      const { settings } = server.deps.services;
      await put("isQueueOn", "true");
      await put("isSubmissionsOpen", "false");
      expect(await settings.queueStatus()).toBe("busy");
      await put("isSubmissionsOpen", "true");
      expect(await settings.queueStatus()).toBe("open");
      await put("isQueueOn", "false");
      expect(await settings.queueStatus()).toBe("closed");
    });

    it("clears the next stream start time", async () => {
      await put("nextStreamStartAt", "2026-12-24T20:00:00Z");
      const response = await http.delete("set/nextStreamStartAt", { token: admin.accessToken });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ name: "nextStreamStartAt", state: null });
      const cleared = await viewer.next("settings_update", (m) => m.setting_name === "nextStreamStartAt" && m.setting_value === "");
      expect(cleared.timestamp).toEqual(expect.any(String));
      expect((await http.get("set/nextStreamStartAt")).body.state).toBeNull();
    });
  });

  describe("refusing", () => {
    it("answers the spec's sentences for an empty stream link and an out-of-range timeout", async () => {
      const empty = await put("youtubeStreamLink", "   ");
      expect(empty.status).toBe(422);
      expect(empty.body.detail[0]).toMatchObject({ loc: ["body", "state"], msg: "Stream link cannot be empty" });
      for (const bad of ["0", "1441", "abc", "1.5"]) {
        const response = await put("inactivityTimeoutMinutes", bad);
        expect(response.status).toBe(422);
        expect(response.body.detail[0]).toMatchObject({ loc: ["body", "state"], msg: "Timeout must be between 1 and 1440 minutes (24 hours)!" });
      }
    });

    it("refuses a missing state, a non-boolean switch and a bad date", async () => {
      const missing = await http.put("set/isQueueOn", { token: admin.accessToken, json: {} });
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0].loc).toEqual(["body", "state"]);
      expect((await put("isQueueOn", "maybe")).body.detail[0].msg).toBe("State must be true or false");
      expect((await put("nextStreamStartAt", "next tuesday")).body.detail[0].msg).toBe("Invalid date");
    });

    it("keeps changes to active admins", async () => {
      const anonymous = await http.put("set/isQueueOn", { json: { state: "true" } });
      expect(anonymous.status).toBe(401);
      const userToken = await server.deps.tokens.signAccess(admin.admin.admin_id, "user");
      expect((await put("isQueueOn", "true", userToken)).status).toBe(401);
      const inactive = await createTestAdmin(server.deps, { active: false });
      const refused = await put("isQueueOn", "true", inactive.accessToken);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: "Admin account is not active. Please contact a super admin to activate your account." });
      expect((await http.delete("set/nextStreamStartAt")).status).toBe(401);
      expect((await http.get("set/isQueueOn")).body.state).toBe("false");
    });

    it("answers 404 for changing a setting it does not know", async () => {
      const response = await put("favouriteColour", "blue");
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: "Setting not found" });
    });

    it("takes who may request from chat as a chat role, and the exempt roles as a tidy list", async () => {
      expect((await put("chatRequestMinimumRole", "Subscriber")).body).toMatchObject({ state: "subscriber" });
      const wrong = await put("chatRequestMinimumRole", "king");
      expect(wrong.status).toBe(422);
      expect(wrong.body.detail[0]).toMatchObject({ msg: "Who may request from chat must be one of: everyone, follower, subscriber, vip, moderator" });
      expect((await put("chatLimitExemptRoles", " VIP, moderator,vip ")).body).toMatchObject({ state: "vip,moderator" });
      expect((await put("chatLimitExemptRoles", "vip,king")).status).toBe(422);
      await put("chatRequestMinimumRole", "everyone");
      await put("chatLimitExemptRoles", "");
    });
  });
});
