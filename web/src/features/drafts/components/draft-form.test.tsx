import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { renderWithProviders } from "../../../test/render";
import { EntryForm } from "../../queue";
import type { DraftAutosave } from "../use-draft-autosave";
import { DraftForm } from "./draft-form";

const draft: DraftAutosave = {
  fields: { artist_name: "", track_title: "", youtube_username: "", message: "", link: "", is_file: false, file_key: null, file_name: null, file_type: null },
  update: vi.fn(),
  state: "idle",
  error: null,
  fileExpired: false,
  stop: async () => {},
};

/** Every field's label with what it says under it, in the form's order. */
const fieldsShown = () =>
  screen.getAllByRole("textbox").map((field) => {
    const description = field.getAttribute("aria-describedby");
    return `${field.getAttribute("aria-label") ?? document.querySelector(`label[for="${field.id}"]`)?.textContent?.replace("*", "").trim()}${description ? `: ${document.getElementById(description.split(" ")[0]!)?.textContent}` : ""}`;
  });

describe("the song form", () => {
  it("asks a draft for the same song, in the same words, as an entry", () => {
    const entry = renderWithProviders(<EntryForm submitLabel="Join" errorContext="submit" onSubmit={async () => {}} />);
    const asEntry = fieldsShown();
    entry.unmount();
    renderWithProviders(<DraftForm autosave={draft} />);
    expect(fieldsShown()).toEqual(asEntry);
    expect(asEntry).toEqual(["Artist name", "Track title", "Channel username: Your name in the live chat, so the host can shout you out", "Song link", "Note"]);
  });
});
