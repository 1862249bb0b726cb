import { describe, expect, it } from "vitest";
import { redactSecrets } from "./log-redaction";

const line = (object: object) => JSON.stringify(object);

describe("redactSecrets", () => {
  it("hides every secret-bearing query parameter of a URL, and keeps the others", () => {
    const url =
      "/api/v1/auth/google/callback?code=4%2F0Abc&state=s.t.a&redirect_to=%2Fqueue&credential=eyJ.x.y&access_token=ya29&refresh_token=r1&token=t1&guest_secret=g1&key=AIza&id_token=i1";
    expect(redactSecrets(line({ req: { url } }))).toBe(
      line({
        req: {
          url: "/api/v1/auth/google/callback?code=[redacted]&state=[redacted]&redirect_to=%2Fqueue&credential=[redacted]&access_token=[redacted]&refresh_token=[redacted]&token=[redacted]&guest_secret=[redacted]&key=[redacted]&id_token=[redacted]",
        },
      }),
    );
  });

  it("hides a parameter inside an encoded redirect address and one holding an escaped quote", () => {
    expect(redactSecrets(line({ url: "/start?redirect_to=%2Fauth%3Ftoken%3Dabc%26x%3D1" }))).toBe(line({ url: "/start?redirect_to=%2Fauth%3Ftoken%3D[redacted]%26x%3D1" }));
    expect(redactSecrets(line({ url: '/x?token=a"b"c&y=1' }))).toBe(line({ url: "/x?token=[redacted]&y=1" }));
  });

  it("hides the chat secret and the upload key in paths, also inside an error's message", () => {
    expect(redactSecrets(line({ msg: "GET /api/v1/chat/s3cr3t/queue failed" }))).toBe(line({ msg: "GET /api/v1/chat/[redacted]/queue failed" }));
    expect(redactSecrets(line({ url: "/api/v1/files/upload/k3y?x=1" }))).toBe(line({ url: "/api/v1/files/upload/[redacted]?x=1" }));
  });

  it("hides authorization headers, secret fields, bearer tokens and passwords in addresses", () => {
    const logged = line({
      headers: { authorization: "Bearer abc.def", cookie: "lq_google_state=n", "x-guest-secret": "g" },
      body: { password: "p", client_secret: "c" },
      err: { message: "connect to redis://default:hunter2@redis:6379 failed; sent Bearer xyz" },
    });
    const redacted = redactSecrets(logged);
    for (const secret of ["abc.def", "lq_google_state=n", '"g"', '"p"', '"c"', "hunter2", "xyz"]) expect(redacted).not.toContain(secret);
    expect(redacted).toContain("redis://[redacted]@redis:6379");
  });

  it("leaves a line without secrets as it was", () => {
    const plain = line({ level: 30, msg: "request completed", req: { method: "GET", url: "/api/v1/queuer/queue?limit=5" }, err: { code: "SQLITE_BUSY" } });
    expect(redactSecrets(plain)).toBe(plain);
  });
});
