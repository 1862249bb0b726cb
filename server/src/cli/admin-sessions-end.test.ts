import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, reopenTestDatabase, startTestApp, type TestApp, type TestDatabase } from "../test/test-app";
import { httpClient, type HttpClient } from "../test/http";
import { connectSocket, type TestSocket } from "../test/live";
import { systemClock } from "../lib/clock";
import { createPasswordHasher } from "../lib/passwords";
import { parseAdminCommand, runAdminCommand } from "./admin-commands";

const PASSWORD = "first-password-1";

/**
 * The admin CLI runs in its own process with its own connection to the database; the server has to
 * notice on its own that an admin's logins were ended there.
 */
describeEachDatabase("ending an admin's logins from the CLI while the server runs", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let cliDatabase: TestDatabase;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { ADMIN_SESSION_CHECK_SECONDS: "0.05" } });
    http = httpClient(server.baseUrl);
    cliDatabase = reopenTestDatabase(server.database);
    await cli("create", "keeper", "--password", PASSWORD, "--super");
  });
  afterAll(async () => {
    await cliDatabase.close();
    await server.close();
  });

  async function cli(...argv: string[]): Promise<string[]> {
    const lines: string[] = [];
    await runAdminCommand(parseAdminCommand(argv), { db: cliDatabase.db, clock: systemClock, passwords: createPasswordHasher(10) }, (line) => lines.push(line));
    return lines;
  }

  async function newAdmin(options: { super?: boolean } = {}): Promise<string> {
    counter += 1;
    const username = `moderator${counter}`;
    await cli("create", username, "--password", PASSWORD, ...(options.super ? ["--super"] : []));
    return username;
  }

  async function signIn(username: string, password = PASSWORD) {
    const login = await http.post("auth/admin", { form: { username, password } });
    expect(login.status).toBe(200);
    const socket = await connectSocket(`${server.wsUrl}/ws/admin?token=${login.body.access_token}`);
    await socket.next("connection_established");
    return { access: login.body.access_token as string, refresh: login.body.refresh_token as string, socket };
  }

  async function expectEnded(session: { access: string; refresh: string; socket: TestSocket }) {
    expect(await session.socket.closed).toEqual({ code: 1008, reason: "Admin session ended" });
    expect((await http.post("auth/admin/refresh", { token: session.refresh })).status).toBe(401);
    expect((await http.post("auth/admin/test-token", { token: session.access })).status).toBe(401);
  }

  it("set-password closes the admin's open page and refuses its old tokens; the new password signs in", async () => {
    const name = await newAdmin();
    const target = await signIn(name);
    const bystander = await signIn("keeper");

    expect(await cli("set-password", name, "--password", "second-password-2")).toEqual([`New password set for ${name}`]);
    await expectEnded(target);
    expect(bystander.socket.socket.readyState).toBe(bystander.socket.socket.OPEN);
    expect((await http.post("auth/admin/refresh", { token: bystander.refresh })).status).toBe(200);

    const again = await signIn(name, "second-password-2");
    expect((await http.post("auth/admin/test-token", { token: again.access })).status).toBe(200);
    await Promise.all([again.socket.close(), bystander.socket.close()]);
  });

  it("deactivate ends the admin's logins, and an inactive admin who signs in again gets no renewal", async () => {
    const name = await newAdmin();
    const target = await signIn(name);

    await cli("deactivate", name);
    await expectEnded(target);

    const looking = await signIn(name);
    expect((await http.post("auth/admin/test-token", { token: looking.access })).body).toMatchObject({ username: name, is_active: false });
    const renewal = await http.post("auth/admin/refresh", { token: looking.refresh });
    expect(renewal.status).toBe(401);
    expect(renewal.body).toEqual({ detail: "Refresh token has been used or revoked" });
    await looking.socket.close();
  });

  it("revoke-sessions ends every login of the admin at once", async () => {
    const name = await newAdmin();
    const laptop = await signIn(name);
    const phone = await signIn(name);

    expect(await cli("revoke-sessions", name)).toEqual([`Ended every login of ${name}`]);
    await expectEnded(laptop);
    await expectEnded(phone);
    expect((await http.post("auth/admin", { form: { username: name, password: PASSWORD } })).status).toBe(200);
  });

  it("delete removes the admin, ends its logins and leaves its audit records readable", async () => {
    const name = await newAdmin();
    const target = await signIn(name);
    expect((await http.put("set/isQueueOn", { token: target.access, json: { state: "true" } })).status).toBe(200);

    expect(await cli("delete", name)).toEqual([`Deleted admin ${name}`]);
    await expectEnded(target);
    expect((await http.post("auth/admin", { form: { username: name, password: PASSWORD } })).status).toBe(401);

    const keeper = await signIn("keeper");
    const audit = await http.get(`audit/admin?admin=${name}`, { token: keeper.access });
    expect(audit.status).toBe(200);
    expect(audit.body.records).toEqual([expect.objectContaining({ actor_kind: "admin", actor_name: name, action: "setting.changed" })]);
    await keeper.socket.close();
  });

  it("never deletes the last active super admin", async () => {
    const other = await newAdmin({ super: true });
    await cli("deactivate", other);
    await expect(cli("delete", "keeper")).rejects.toThrow("keeper is the last active super admin; create or activate another super admin first");
    await cli("activate", other);
    expect(await cli("delete", "keeper")).toEqual(["Deleted admin keeper (super admin)"]);
    await expect(cli("delete", other)).rejects.toThrow(`${other} is the last active super admin`);
  });
});
