import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { ACTION_LABELS } from "@common/scheduler";
import { renderWithProviders } from "../../../test/render";
import { useFakeAdminApi } from "../../../test/fake-admin-api";
import { ClearPanel } from "./clear-panel";

useFakeAdminApi(() => [200, []]);

const noteOf = (button: HTMLElement) => document.getElementById(button.getAttribute("aria-describedby") ?? "")?.textContent;

describe("the clearing tools", () => {
  it("say on each button what it empties: Clear Entire Queue is Now Playing only, unlike the scheduler's clear", () => {
    renderWithProviders(<ClearPanel counts={{ active: 1, waiting: 2, on_hold: 1 }} />);
    expect(noteOf(screen.getByRole("button", { name: "Clear Entire Queue" }))).toBe("Empties Now Playing only; Waiting and On Hold stay.");
    expect(noteOf(screen.getByRole("button", { name: "Clear Waiting" }))).toBe("Empties Waiting.");
    expect(ACTION_LABELS.clear_queue).toBe("Clear Waiting and On-Hold (not Now Playing)");
  });
});
