import { describe, expect, it } from "vitest";
import { describeAuthError, safeLocalPath } from "./auth-errors";

describe("the sign-in error page's messages", () => {
  it("says the person cancelled for access_denied", () => {
    expect(describeAuthError("access_denied", "ignored")).toMatchObject({ title: "Access Denied", message: "You cancelled the Google sign-in process", retryable: true });
  });

  it("calls an invalid state a security error", () => {
    expect(describeAuthError("invalid_state")).toMatchObject({ title: "Security Error", message: "The sign-in request expired or is invalid." });
  });

  it("asks to wait a few minutes when Google is temporarily unavailable", () => {
    expect(describeAuthError("temporarily_unavailable").hint).toBe("Please try again in a few minutes.");
  });

  it("offers no retry for errors another attempt cannot fix", () => {
    expect(describeAuthError("unauthorized_client").retryable).toBe(false);
    expect(describeAuthError("unsupported_response_type").retryable).toBe(false);
    for (const code of ["invalid_request", "invalid_scope", "server_error", "internal_error", "oauth_failed"]) {
      expect(describeAuthError(code).retryable).toBe(true);
    }
  });

  it("lets the server's description explain a server error, e.g. Google sign-in not being set up", () => {
    expect(describeAuthError("server_error", "Google sign-in is not configured on this server.")).toMatchObject({
      title: "Server Error",
      message: "Google sign-in is not configured on this server.",
    });
    expect(describeAuthError("server_error").message).toBe("Google sign-in had a problem on the server.");
  });

  it("shows the detail for oauth_failed", () => {
    expect(describeAuthError("oauth_failed", "Google sign-in failed", "token endpoint answered 500").message).toBe("token endpoint answered 500");
    expect(describeAuthError("oauth_failed", "Google sign-in failed").message).toBe("Google sign-in failed");
  });

  it("shows the description, else the detail, else 'Authentication failed' for unknown codes", () => {
    expect(describeAuthError("weird_code", "Something odd", "more")).toMatchObject({ code: "weird_code", message: "Something odd" });
    expect(describeAuthError("weird_code", "  ", "more").message).toBe("more");
    expect(describeAuthError(null).message).toBe("Authentication failed");
  });
});

describe("where a sign-in may send the browser", () => {
  it("accepts paths on this site only", () => {
    expect(safeLocalPath("/community?tab=history")).toBe("/community?tab=history");
    expect(safeLocalPath("//evil.example")).toBeNull();
    expect(safeLocalPath("/\\evil.example")).toBeNull();
    expect(safeLocalPath("https://evil.example/")).toBeNull();
    expect(safeLocalPath("/a\nb")).toBeNull();
    expect(safeLocalPath(null)).toBeNull();
  });
});
