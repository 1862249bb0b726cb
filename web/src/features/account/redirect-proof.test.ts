import { beforeEach, describe, expect, it } from "vitest";
import { REDIRECT_PROOF_KEY, beginRedirectSignIn, takeRedirectSignInProof } from "./redirect-proof";
import { googleStartUrl } from "./session";

beforeEach(() => sessionStorage.clear());

describe("the proof that this tab started a Google redirect sign-in", () => {
  it("goes to the server with the start of the sign-in and is kept in this tab", () => {
    const url = new URL(googleStartUrl("/queue", false));
    const proof = url.searchParams.get("client_state");
    expect(proof).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessionStorage.getItem(REDIRECT_PROOF_KEY)).toBe(proof);
    expect(url.searchParams.get("redirect_to")).toBe("/queue");
  });

  it("is accepted once, and a new sign-in replaces the previous proof", () => {
    const first = beginRedirectSignIn();
    const second = beginRedirectSignIn();
    expect(second).not.toBe(first);
    expect(takeRedirectSignInProof(first)).toBe(false);
    const third = beginRedirectSignIn();
    expect(takeRedirectSignInProof(third)).toBe(true);
    expect(takeRedirectSignInProof(third)).toBe(false);
  });

  it("refuses a missing state even when this tab holds no proof", () => {
    expect(takeRedirectSignInProof(null)).toBe(false);
    expect(takeRedirectSignInProof("")).toBe(false);
  });
});
