import { describe, expect, it } from "vitest";
import { emailSignupProblem } from "./email-signup";

describe("emailSignupProblem", () => {
  it("asks for an e-mail address first", () => {
    expect(emailSignupProblem({ email: "  ", queue_notifications: true, general_updates: false })).toBe("Please enter an email address");
  });

  it("asks for at least one option", () => {
    expect(emailSignupProblem({ email: "a@b.io", queue_notifications: false, general_updates: false })).toBe("Please select at least one subscription option");
  });

  it("accepts an address with one option", () => {
    expect(emailSignupProblem({ email: "a@b.io", queue_notifications: false, general_updates: true })).toBeNull();
  });
});
