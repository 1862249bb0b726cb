import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createTestAdmin, type TestAdmin } from "../../test/admins";
import { connectSocket, type TestSocket } from "../../test/live";

describeEachDatabase("the host's site, set at run time", (dialect) => {
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
  const site = async () => (await http.get("public-config")).body.site;
  const refusal = async (name: string, state: unknown) => {
    const response = await put(name, state);
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(["body", "state"]);
    return response.body.detail[0].msg as string;
  };

  it("shows no placeholder links or made-up address before the host sets any, and Eastern time", async () => {
    const response = await http.get("public-config");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.body.site).toEqual({
      name: "LiveQueue",
      social_links: [],
      contact_email: null,
      footer_text: "© 2025 LiveQueue. All rights reserved.",
      accent_color: null,
      time_zone: "America/New_York",
    });
  });

  describe("saved on Settings", () => {
    it("serves each value the host saves through public-config at once, and tells every socket", async () => {
      const saves = [
        ["siteName", "  Nightshift Radio ", "Nightshift Radio"],
        [
          "socialLinks",
          "YouTube  https://www.youtube.com/@nightshift\r\n\nTwitch https://twitch.tv/nightshift",
          "YouTube https://www.youtube.com/@nightshift\nTwitch https://twitch.tv/nightshift",
        ],
        ["contactEmail", "host@nightshift.example", "host@nightshift.example"],
        ["accentColor", "#1C7ED6", "#1c7ed6"],
        ["hostTimeZone", "Europe/London", "Europe/London"],
      ] as const;
      for (const [name, sent, stored] of saves) {
        expect((await put(name, sent)).body).toEqual({ name, state: stored });
        expect(await viewer.next("settings_update", (m) => m.setting_name === name)).toMatchObject({ setting_value: stored });
      }
      expect(await site()).toEqual({
        name: "Nightshift Radio",
        social_links: [
          { label: "YouTube", url: "https://www.youtube.com/@nightshift" },
          { label: "Twitch", url: "https://twitch.tv/nightshift" },
        ],
        contact_email: "host@nightshift.example",
        footer_text: "© 2025 Nightshift Radio. All rights reserved.",
        accent_color: "#1c7ed6",
        time_zone: "Europe/London",
      });
      expect((await put("footerText", "Made in Leeds")).status).toBe(200);
      expect((await site()).footer_text).toBe("Made in Leeds");
    });

    it("takes the links, the address and the colour away again when the host empties them", async () => {
      for (const name of ["socialLinks", "contactEmail", "accentColor", "footerText"]) expect((await put(name, "")).status).toBe(200);
      expect(await site()).toMatchObject({ social_links: [], contact_email: null, accent_color: null, footer_text: "© 2025 Nightshift Radio. All rights reserved." });
      expect((await http.delete("set/siteName", { token: admin.accessToken })).body).toEqual({ name: "siteName", state: "LiveQueue" });
      expect((await http.delete("set/hostTimeZone", { token: admin.accessToken })).body.state).toBe("America/New_York");
    });
  });

  describe("hostile input gets a clear 422 and changes nothing", () => {
    it("refuses links that are not web addresses", async () => {
      expect(await refusal("socialLinks", "YouTube javascript:alert(1)")).toBe("Social link 1: write a label, a space, then an http:// or https:// link");
      expect(await refusal("socialLinks", "Shop https://shop.example\nhttps://no-label.example")).toBe("Social link 2: write a label, a space, then an http:// or https:// link");
      expect(await refusal("socialLinks", "Site http://")).toBe("Social link 1: write a label, a space, then an http:// or https:// link");
      expect(await refusal("socialLinks", `${"L".repeat(31)} https://a.example`)).toBe("Social link 1: the label must be at most 30 characters");
      expect(await refusal("socialLinks", Array.from({ length: 9 }, (_, i) => `L${i} https://${i}.example`).join("\n"))).toBe("At most 8 social links");
      expect(await refusal("socialLinks", "x".repeat(100_000))).toBe("Social links are too long");
    });

    it("refuses colours that are not #rrggbb", async () => {
      for (const colour of ["red", "#12345", "#1234567", "#ggg000", "rgb(0,0,0)", "#fff;background:url(x)"]) {
        expect(await refusal("accentColor", colour)).toBe("Accent colour must be a hex colour like #7048e8");
      }
    });

    it("refuses over-long text, an empty name, a bad address, an unknown time zone and control characters", async () => {
      expect(await refusal("siteName", "N".repeat(61))).toBe("Site name must be at most 60 characters");
      expect(await refusal("siteName", "   ")).toBe("Site name cannot be empty");
      expect(await refusal("footerText", "F".repeat(201))).toBe("Footer text must be at most 200 characters");
      expect(await refusal("contactEmail", "not an address")).toBe("Contact address must be an e-mail address like host@example.com");
      expect(await refusal("contactEmail", `${"a".repeat(250)}@example.com`)).toBe("Contact address must be an e-mail address like host@example.com");
      for (const zone of ["Mars/Olympus", "EST5EDT; drop", "", "x".repeat(65)])
        expect(await refusal("hostTimeZone", zone)).toBe("Time zone must be a place name like America/New_York");
      expect(await refusal("siteName", "Bad\u0000Name")).toBe("Text may not contain control characters");
      expect((await site()).name).toBe("LiveQueue");
    });

    it("keeps the site to active admins", async () => {
      expect((await http.put("set/siteName", { json: { state: "Hijacked" } })).status).toBe(401);
      const inactive = await createTestAdmin(server.deps, { active: false });
      expect((await put("siteName", "Hijacked", inactive.accessToken)).status).toBe(403);
      expect((await site()).name).toBe("LiveQueue");
    });
  });
});
