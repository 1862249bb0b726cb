import { Suspense } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../../test/render";
import { useFakeAdminApi } from "../../../test/fake-admin-api";
import { HostLimitsForm } from "./host-limits-form";

const WORDS_REFUSED = "The words list must be at most 2000 characters";

/** GET set answers the stored limits; PUT set/{name} answers `refuse` for blockedWords when set. */
let refuseWords = false;
const { calls } = useFakeAdminApi(({ method, path, body }) => {
  if (method === "GET" && path === "set") {
    return [
      200,
      [
        { name: "submissionsPerStream", state: "2" },
        { name: "maxSongSeconds", state: "390" },
        { name: "blockedWords", state: "darn" },
      ],
    ];
  }
  if (path === "set/blockedWords" && refuseWords) return [422, { detail: [{ loc: ["body", "state"], msg: WORDS_REFUSED, type: "value_error" }] }];
  return [200, { name: path.slice(4), state: JSON.parse(body).state }];
});
beforeEach(() => {
  refuseWords = false;
});

async function renderForm() {
  const user = userEvent.setup();
  renderWithProviders(
    <Suspense fallback={null}>
      <HostLimitsForm />
    </Suspense>,
  );
  await screen.findByLabelText(/^Songs per person per stream/);
  return user;
}

const puts = () => calls.filter((call) => call.method === "PUT");

describe("the limits form", () => {
  it("reads the limits as an admin and shows the length in minutes and seconds", async () => {
    await renderForm();
    expect((screen.getByLabelText(/^Songs per person per stream/) as HTMLInputElement).value).toBe("2");
    expect((screen.getByLabelText(/^Longest upload$/) as HTMLInputElement).value).toBe("6");
    expect((screen.getByLabelText("Longest upload, seconds") as HTMLInputElement).value).toBe("30");
    expect((screen.getByLabelText(/^Words not allowed/) as HTMLTextAreaElement).value).toBe("darn");
    expect(calls[0]).toMatchObject({ method: "GET", path: "set", authorization: "Bearer admin-token" });
  });

  it("saves only what changed, the length in seconds", async () => {
    const user = await renderForm();
    const minutes = screen.getByLabelText(/^Longest upload$/);
    await user.clear(minutes);
    await user.type(minutes, "4");
    await user.type(screen.getByLabelText(/^Words not allowed/), "\nheck");
    await user.click(screen.getByRole("button", { name: "Save limits" }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts().map((call) => [call.path, JSON.parse(call.body).state])).toEqual([
      ["set/maxSongSeconds", "270"],
      ["set/blockedWords", "darn\nheck"],
    ]);
  });

  it("shows the server's message when a limit is refused", async () => {
    refuseWords = true;
    const user = await renderForm();
    await user.type(screen.getByLabelText(/^Words not allowed/), " more");
    await user.click(screen.getByRole("button", { name: "Save limits" }));
    expect(await screen.findByText(WORDS_REFUSED)).toBeTruthy();
  });
});
