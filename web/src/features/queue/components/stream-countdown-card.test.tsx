import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import axe from "axe-core";
import { renderWithProviders } from "../../../test/render";
import { StreamCountdownCard } from "./stream-countdown-card";

describe("the countdown to the next stream", () => {
  it("offers the calendar through a button named by the words it shows (axe: label-content-name-mismatch)", async () => {
    renderWithProviders(<StreamCountdownCard startsAt={new Date(Date.now() + 86_400_000).toISOString()} />);
    const button = screen.getByRole("button", { name: "Add the next stream to your calendar" });
    expect(button.textContent).toBe("Add the next stream to your calendar");
    const results = await axe.run(document.body, { runOnly: { type: "rule", values: ["label-content-name-mismatch"] } });
    expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")))).toEqual([]);
  });
});
