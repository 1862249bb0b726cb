import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "../../../lib/api-client";
import { renderWithProviders } from "../../../test/render";
import { toSubmission, type SubmissionFormValues } from "../entry-rules";
import { SubmissionForm } from "./entry-form";

function setup(onSubmit = vi.fn(async (_values: SubmissionFormValues) => {}), props: Partial<Parameters<typeof SubmissionForm>[0]> = {}) {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<SubmissionForm submitLabel="Join" errorContext="submit" onSubmit={onSubmit} {...props} />);
  const join = () => user.click(screen.getByRole("button", { name: "Join" }));
  return { user, onSubmit, join };
}

describe("SubmissionForm", () => {
  it("asks for the artist and the title first", async () => {
    const { user, onSubmit, join } = setup();
    await user.type(screen.getByLabelText(/Artist name/), "   ");
    await join();
    expect(screen.getByRole("alert").textContent).toContain("Artist name and track title are required");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks for a link when none is given", async () => {
    const { user, join } = setup();
    await user.type(screen.getByLabelText(/Artist name/), "Ann");
    await user.type(screen.getByLabelText(/Track title/), "Song");
    await join();
    expect(screen.getByRole("alert").textContent).toContain("Song link is required when not using file submission");
  });

  it("refuses a link that is not a web address and points to the File option", async () => {
    const { user, join } = setup();
    await user.type(screen.getByLabelText(/Artist name/), "Ann");
    await user.type(screen.getByLabelText(/Track title/), "Song");
    await user.type(screen.getByLabelText(/Song link/), "my song.mp3");
    await join();
    expect(screen.getByRole("alert").textContent).toContain("Invalid link format. For file submissions, please use the File option.");
  });

  it("sends trimmed values with the defaults of the spec", async () => {
    const { user, onSubmit, join } = setup();
    await user.type(screen.getByLabelText(/Artist name/), "  Ann  ");
    await user.type(screen.getByLabelText(/Track title/), " Song ");
    await user.type(screen.getByLabelText(/Song link/), " https://example.com/a ");
    await join();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(toSubmission(onSubmit.mock.calls[0]![0])).toEqual({
      artist_name: "Ann",
      track_title: "Song",
      youtube_username: "Anonymous",
      username: "anonymous",
      link: "https://example.com/a",
      message: "Empty!",
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("lets the admin's add through with a blank artist and title, which become 'Empty!'", async () => {
    const { user, onSubmit } = setup(undefined, { submitLabel: "Add", blankArtistAndTitle: true });
    await user.type(screen.getByLabelText(/Artist name/), "   ");
    await user.type(screen.getByLabelText(/Song link/), "https://example.com/a");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(toSubmission(onSubmit.mock.calls[0]![0])).toMatchObject({ artist_name: "Empty!", track_title: "Empty!" });
  });

  it("shows the server's refusal in the catalogue's words", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ status: 409, detail: "You already have a submission in the queue", path: "queuer/", method: "POST" });
    });
    const { user, join } = setup(onSubmit);
    await user.type(screen.getByLabelText(/Artist name/), "Ann");
    await user.type(screen.getByLabelText(/Track title/), "Song");
    await user.type(screen.getByLabelText(/Song link/), "https://example.com/a");
    await join();
    expect((await screen.findByRole("alert")).textContent).toContain("You already have a submission in the queue");
  });

  it("says the connection failed when a submit gets no answer", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ status: 0, path: "queuer/", method: "POST" });
    });
    const { user, join } = setup(onSubmit);
    await user.type(screen.getByLabelText(/Artist name/), "Ann");
    await user.type(screen.getByLabelText(/Track title/), "Song");
    await user.type(screen.getByLabelText(/Song link/), "https://example.com/a");
    await join();
    expect((await screen.findByRole("alert")).textContent).toContain("Connection failed!");
  });

  it("asks for an audio file when the File option is chosen without one", async () => {
    const { user, onSubmit, join } = setup(undefined, { fileField: () => <div>file picker</div> });
    await user.type(screen.getByLabelText(/Artist name/), "Ann");
    await user.type(screen.getByLabelText(/Track title/), "Song");
    await user.click(screen.getByText("File"));
    expect(screen.getByText("file picker")).toBeTruthy();
    await join();
    expect(screen.getByRole("alert").textContent).toContain("Please choose an audio file to upload");
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
