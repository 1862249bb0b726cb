import { describe, expect, it } from "vitest";
import { errorMessage } from "./error-catalogue";

describe("errorMessage", () => {
  it("says the server cannot be reached when no answer came", () => {
    expect(errorMessage({ status: 0, network: true })).toBe("Cannot reach the server");
    expect(errorMessage(new TypeError("Network Error"))).toBe("Cannot reach the server");
  });

  it("names a missing endpoint and a wrong method", () => {
    expect(errorMessage({ status: 404, detail: "Not Found" })).toBe("API endpoint not found");
    expect(errorMessage({ status: 405 })).toBe("Method not allowed");
  });

  it("shows the first validation problem after 'Validation error: '", () => {
    const detail = [{ loc: ["body", "artist_name"], msg: "String should have at most 200 characters", type: "too_long" }];
    expect(errorMessage({ status: 422, detail })).toBe("Validation error: String should have at most 200 characters");
  });

  it("points to the File option when the first validation problem is the link", () => {
    const detail = [{ loc: ["body", "link"], msg: "Link must be an http or https URL", type: "invalid" }];
    expect(errorMessage({ status: 422, detail })).toBe("Invalid link format. For file submissions, please use the File option.");
  });

  it("words a back-office 422 as the admin spec does: the server message alone, or 'Please check your input and try again'", () => {
    expect(errorMessage({ status: 422, admin: true, detail: [{ loc: ["body", "reason"], msg: "Reason is too long" }] })).toBe("Reason is too long");
    expect(errorMessage({ status: 422, admin: true, detail: "Bad date" })).toBe("Bad date");
    expect(errorMessage({ status: 422, admin: true })).toBe("Please check your input and try again");
    expect(errorMessage({ status: 422, admin: true, detail: [{ loc: ["body", "link"], msg: "x" }] })).toBe(
      "Invalid link format. For file submissions, please use the File option.",
    );
  });

  it("uses a 422 detail string, else a generic validation sentence", () => {
    expect(errorMessage({ status: 422, detail: "Bad date" })).toBe("Validation error: Bad date");
    expect(errorMessage({ status: 422 })).toBe("Validation error: Please check your input and try again");
    expect(errorMessage({ status: 422, detail: [] })).toBe("Validation error: Please check your input and try again");
  });

  it("shows a 400 detail, else asks to check the submission", () => {
    expect(errorMessage({ status: 400, detail: "Stream link cannot be empty" })).toBe("Stream link cannot be empty");
    expect(errorMessage({ status: 400 })).toBe("Invalid request. Please check your submission.");
  });

  it("tells how long to wait after a 429, from the header or the body", () => {
    expect(errorMessage({ status: 429, retryAfter: 12 })).toBe("You're sending requests too fast. Please wait ~12s and try again");
    expect(errorMessage({ status: 429, retry_after: 7 })).toBe("You're sending requests too fast. Please wait ~7s and try again");
    expect(errorMessage({ status: 429 })).toBe("You're sending requests too fast. Please wait a moment and try again");
  });

  it("hides server failures behind one sentence", () => {
    expect(errorMessage({ status: 500, detail: "Internal server error" })).toBe("Server error. Please try again...");
    expect(errorMessage({ status: 503 })).toBe("Server error. Please try again...");
  });

  it("shows the server's own sentence for other statuses", () => {
    expect(errorMessage({ status: 409, detail: "You already have a submission in the queue" }, "submit")).toBe("You already have a submission in the queue");
    expect(errorMessage({ status: 403, detail: "Admin access required" })).toBe("Admin access required");
  });

  it("falls back by context when another status has no sentence", () => {
    expect(errorMessage({ status: 409, detail: { code: 1 } }, "submit")).toBe("Submission failed");
    expect(errorMessage({ status: 401, message: "Unauthorized" }, "login")).toBe("Login/Registration failed: Unauthorized");
    expect(errorMessage({ status: 403 }, "google")).toBe("Google sign-in failed. Please try again.");
  });

  it("says the connection failed for a submit or an update that got no answer", () => {
    expect(errorMessage({ status: 0, network: true }, "submit")).toBe("Connection failed!");
    expect(errorMessage({ status: 0, network: true }, "update")).toBe("Connection failed! Please try again.");
    expect(errorMessage(new Error("boom"), "submit")).toBe("Connection failed!");
    expect(errorMessage(new Error("boom"), "update")).toBe("Connection failed! Please try again.");
  });

  it("keeps the message of an unexpected error in the default context", () => {
    expect(errorMessage(new Error("Unexpected response from server"))).toBe("Unexpected response from server");
    expect(errorMessage(undefined)).toBe("Something went wrong. Please try again.");
  });
});
