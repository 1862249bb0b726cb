import http from "node:http";
import { createHmac } from "node:crypto";
import fc from "fast-check";

/** What a client can throw at a route: generators for ids, text, bodies, queries and credentials. */

const TRAVERSAL = ["../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "..\\..\\windows\\win.ini", "%2e%2e", "....//....//etc/passwd"];
const RAW_SEGMENTS = [
  ...TRAVERSAL.map((s) => s.replaceAll("/", "%2F")),
  "%00",
  "abc%00def",
  "%0d%0aSet-Cookie:%20x=1",
  "%ff%fe%fd",
  "%C0%AE%C0%AE",
  "%",
  "%zz",
  "'%20OR%20'1'%3D'1",
  "%E2%80%AE%F0%9F%98%80",
  "null",
  "undefined",
  "-1",
  "0",
  "1e309",
  "NaN",
  "__proto__",
  "constructor",
  "a".repeat(4097),
];

const CONTROL_CHARACTERS = [..."\u0000\u0001\u0007\b\t\n\u000b\f\r\u001b\u007f\u0085\u009f"];
const UNICODE_JUNK = ["\u202e", "\u200b", "\ufeff", "\ud800", "\udfff", "\uffff", "😀", "👩‍👩‍👧‍👦", "ǅ", "İ", "\u0301\u0301\u0301", "𝕒"];

const LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"];

/** Text that is not well-formed Unicode: a lone surrogate anywhere in otherwise ordinary text (JSON carries it as "\ud800"). */
export const illFormedString: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...LONE_SURROGATES), fc.string({ maxLength: 10 }), fc.boolean())
  .map(([before, lone, after, reversedPair]) => `${before}${reversedPair ? "\udc00\ud800" : lone}${after}`);

/** Strings a form field should never trip over: control characters, broken unicode, SQL, HTML, megabytes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  illFormedString,
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.array(fc.constantFrom(...CONTROL_CHARACTERS, ...UNICODE_JUNK, "a", " ", "'", '"', "<", "%"), { maxLength: 30 }).map((parts) => parts.join("")),
  fc.constantFrom(...TRAVERSAL, "' OR 1=1 --", "<script>alert(1)</script>", "${7*7}", "", "   ", "true", "https://example.com/\u0000", "file:/uploads/../../x"),
  // Over 100 KB, with a NUL or not.
  fc.tuple(fc.integer({ min: 100 * 1024 + 1, max: 300 * 1024 }), fc.constantFrom("x", "\u0000", "é", "\n")).map(([n, c]) => c.repeat(n)),
);

/** Any JSON value of the wrong shape or the right shape with hostile content. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.constantFrom(1e308, -0, 2 ** 53 + 1, 0.5, -1),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom("__proto__", "constructor", "a", "$gt"), hostileString, { maxKeys: 2 }),
);

/** Every field name any route reads, so that generated bodies reach the validation of each field. */
const FIELD_NAMES = [
  "artist_name",
  "track_title",
  "youtube_username",
  "username",
  "link",
  "message",
  "on_hold",
  "priority_level",
  "premium_expires",
  "payment_source",
  "payment_reference",
  "reason",
  "state",
  "filename",
  "content_type",
  "size",
  "email",
  "password",
  "display_name",
  "bio",
  "default_artist_name",
  "default_youtube_username",
  "location",
  "website_url",
  "preferences",
  "refresh_token",
  "credential",
  "access_token",
  "user_id",
  "id",
  "key",
  "token",
  "__proto__",
  "state\ud800",
] as const;
const QUERY_NAMES = [
  "bypass_duplicates",
  "is_played",
  "activity_type",
  "limit",
  "offset",
  "sort_by",
  "sort_order",
  "query",
  "key",
  "token",
  "credential",
  "access_token",
  "redirect_to",
  "code",
  "state",
  "error",
  "error_description",
  "user_id",
] as const;

export const hostileObject = fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 6 });

export interface RawBody {
  contentType?: string;
  payload?: string | Buffer;
}

const json = (value: unknown): RawBody => ({ contentType: "application/json", payload: JSON.stringify(value) });

/** Well-formed multipart (never truncated) with hostile fields and, sometimes, a small "file". */
const multipart = fc.tuple(fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileString, { maxKeys: 4 }), fc.boolean()).map(([fields, withFile]): RawBody => {
  const boundary = "----hostile-boundary-7MA4YWxkTrZu0gW";
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  if (withFile) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../a\u0000.mp3"\r\nContent-Type: audio/mpeg\r\n\r\nID3not-really-audio\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from(`${parts.join("")}--${boundary}--\r\n`) };
});

export const hostileBody: fc.Arbitrary<RawBody> = fc.oneof(
  { weight: 6, arbitrary: hostileObject.map(json) },
  hostileValue.map(json),
  fc.constant<RawBody>({}),
  fc.constantFrom<RawBody>(
    { contentType: "application/json", payload: "{" },
    { contentType: "application/json", payload: "" },
    { contentType: "application/json", payload: '{"a":1,"a":{"__proto__":{"admin":true}}}' },
    { contentType: "application/json", payload: "[".repeat(5000) + "]".repeat(5000) },
    { contentType: "text/plain", payload: "artist_name=x" },
    { contentType: "application/xml", payload: "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>" },
    { contentType: "application/json; charset=utf-16", payload: '{"artist_name":"x"}' },
    { contentType: "audio/mpeg", payload: Buffer.from([0xff, 0xfb, 0x90, 0x00]) },
    { contentType: "application/json", payload: `{"message":"${"x".repeat(1024 * 1024 + 10)}"}` },
  ),
  fc
    .dictionary(
      fc.constantFrom(...FIELD_NAMES),
      hostileString.filter((s) => s.length < 2000),
      { maxKeys: 4 },
    )
    .map((form): RawBody => ({ contentType: "application/x-www-form-urlencoded", payload: new URLSearchParams(form).toString() })),
  multipart,
);

/** A query string: known names (some repeated) with hostile values, already encoded. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.constantFrom(...QUERY_NAMES),
      fc.oneof(
        hostileString.filter((s) => s.length < 5000),
        fc.constantFrom(...RAW_SEGMENTS),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([name, value]) => `${name}=${RAW_SEGMENTS.includes(value) ? value : encodeSegment(value)}`).join("&"));

/** Percent-encodes any string, lone surrogates included (as the replacement character's bytes). */
export function encodeSegment(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"));
}

/** A path parameter: one of the real values (by index into what exists when it is sent) or a hostile one. */
export type ParamChoice = { real: number } | { raw: string };
export const paramChoice: fc.Arbitrary<ParamChoice> = fc.oneof(
  fc.nat().map((real) => ({ real })),
  fc.constantFrom(...RAW_SEGMENTS).map((raw) => ({ raw })),
  hostileString.filter((s) => s.length > 0 && s.length < 1000).map((s) => ({ raw: encodeSegment(s) })),
);

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString("base64url");
}

/** A JWT signed with `secret` (the app's own, or a wrong one) over any header and claims. */
function signed(secret: string, header: object, claims: object): string {
  const body = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

/** Authorization headers of every broken kind: forged, expired, alg none, the wrong kind, malformed. */
export function forgedAuthorizations(secret: string, subjects: { userId: string; adminId: string }): string[] {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: "HS256", typ: "JWT" };
  const claims = (kind: string, sub: unknown, exp = now + 600) => ({ kind, sub, aud: `livequeue:${kind}`, iat: now, exp });
  const none = `${base64url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${base64url(JSON.stringify(claims("admin", subjects.adminId)))}.`;
  return [
    `Bearer ${none}`,
    `Bearer ${signed(secret, header, claims("admin", subjects.adminId, now - 60))}`,
    `Bearer ${signed(secret, header, claims("user", subjects.userId, now - 60))}`,
    `Bearer ${signed("not-the-secret-but-long-enough-for-hs256", header, claims("admin", subjects.adminId))}`,
    `Bearer ${signed(secret, { alg: "HS512", typ: "JWT" }, claims("admin", subjects.adminId))}`,
    `Bearer ${signed(secret, header, claims("admin", "no-such-admin"))}`,
    `Bearer ${signed(secret, header, claims("user", "no-such-user"))}`,
    `Bearer ${signed(secret, header, claims("user", "nul\u0000user"))}`,
    `Bearer ${signed(secret, header, claims("admin", "../../etc/passwd"))}`,
    `Bearer ${signed(secret, header, claims("user", 42))}`,
    `Bearer ${signed(secret, header, claims("user", "x".repeat(100 * 1024)))}`,
    `Bearer ${signed(secret, header, { ...claims("user", subjects.userId), exp: "never" })}`,
    `Bearer ${signed(secret, header, { ...claims("refresh", subjects.userId), aud: "livequeue:refresh" })}`,
    "Bearer ",
    "Bearer",
    "Bearer a.b.c",
    "Bearer ....",
    `Bearer ${"A".repeat(9000)}`,
    "Basic YWRtaW46YWRtaW4=",
    "bearer null",
    "Bearer %00",
  ];
}

/** Header values a client can send (visible ASCII, tab and space). */
export const headerString = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.constantFrom("", " ", "\t", "../../etc/passwd", "null", "-1", "4", "1e3", "0x1", "A".repeat(8000)),
);

export interface RawResponse {
  status: number;
  contentType: string;
  text: string;
}

/** Sends a request byte for byte (no URL normalization: `..` and `%2e` reach the server as written). */
export function rawRequest(port: number, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<RawResponse> {
  // Always framed by Content-Length: Node sends a DELETE's body unframed otherwise, which is no HTTP request at all.
  const framed = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers: framed, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, contentType: String(response.headers["content-type"] ?? ""), text: Buffer.concat(chunks).toString("utf8") }),
      );
      response.on("error", reject);
    });
    // The server may answer (413, 415) and hang up before a large body is sent: that answer counts.
    request.on("error", reject);
    request.end(body);
  });
}
