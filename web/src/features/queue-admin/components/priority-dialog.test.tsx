import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { queuer } from "../../../test/entry";
import { renderWithProviders } from "../../../test/render";
import { PriorityDialog } from "./priority-dialog";

describe("the priority dialog", () => {
  it("shows the Fast Pass an entry used as its payment source, not a blank select", () => {
    renderWithProviders(<PriorityDialog entry={queuer("f", { priority_level: 2, payment_source: "fast_pass" })} opened onClose={() => {}} onSave={() => {}} />);
    expect((screen.getAllByLabelText("Payment source (optional)")[0] as HTMLInputElement).value).toBe("Fast Pass");
  });

  it("names the spec's sources as people write them", () => {
    renderWithProviders(<PriorityDialog entry={queuer("y", { priority_level: 1, payment_source: "youtube_member" })} opened onClose={() => {}} onSave={() => {}} />);
    expect((screen.getAllByLabelText("Payment source (optional)")[0] as HTMLInputElement).value).toBe("YouTube member");
  });
});
