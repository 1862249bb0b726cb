import { describe, expect, it, vi } from "vitest";
import { handleGoogleResponse } from "./google-identity";

describe("the Google button's answer", () => {
  it("reports success only with a credential", () => {
    const onCredential = vi.fn();
    const onError = vi.fn();
    handleGoogleResponse({ credential: "header.payload.signature" }, onCredential, onError);
    expect(onCredential).toHaveBeenCalledWith("header.payload.signature");
    expect(onError).not.toHaveBeenCalled();
  });

  it("calls the error handler when the credential is missing or empty", () => {
    for (const response of [{}, { credential: "" }, null, undefined]) {
      const onCredential = vi.fn();
      const onError = vi.fn();
      handleGoogleResponse(response, onCredential, onError);
      expect(onCredential).not.toHaveBeenCalled();
      expect(onError).toHaveBeenCalledWith("Google sign-in was cancelled or failed");
    }
  });
});
