import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import axe from "axe-core";
import type { PriorityAnalytics } from "@common/analytics";
import { renderWithProviders } from "../../../test/render";
import { useFakeAdminApi } from "../../../test/fake-admin-api";
import { AnalyticsTabs } from "./analytics-tabs";

// jsdom has no layout; the charts measure their box.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const figures: PriorityAnalytics = {
  total_priority_users: 0,
  premium_users: 0,
  vip_users: 0,
  super_vip_users: 0,
  payment_sources: [],
  avg_wait_time: null,
  priority_played: 0,
  regular_played: 0,
};
useFakeAdminApi(({ path }) => (path === "priority/analytics" ? [200, figures] : [200, []]));

describe("/analytics headings", () => {
  it.each([
    ["played", "Submissions Played"],
    ["priority", "Priority Analytics"],
    ["sessions", "Sessions"],
    ["events", "App Events"],
  ])("go down one level at a time under the page's title on the %s tab", async (tab, label) => {
    renderWithProviders(
      <>
        <h1>Analytics</h1>
        <AnalyticsTabs />
      </>,
      { route: `/analytics?tab=${tab}` },
    );
    await screen.findByRole("heading", { level: 2, name: label });
    await screen.findAllByRole("heading", { level: 3 });
    const results = await axe.run(document.body, { runOnly: { type: "rule", values: ["heading-order"] } });
    expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
  });
});
