import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../../../test/render";
import { useFakeAdminApi } from "../../../../test/fake-admin-api";
import { ChatRequestRoles } from "./chat-request-roles";

// jsdom has no layout: Mantine's option list scrolls the chosen option into view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

const { calls } = useFakeAdminApi(({ method, path, body }) => {
  if (method === "GET" && path === "set") {
    return [
      200,
      [
        { name: "chatRequestMinimumRole", state: "everyone" },
        { name: "chatLimitExemptRoles", state: "moderator" },
      ],
    ];
  }
  return [200, { name: path.slice(4), state: JSON.parse(body).state }];
});

describe("who may request from chat", { timeout: 30_000 }, () => {
  it("shows the host's choice and saves a new least role and the exempt roles", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Suspense fallback={null}>
        <ChatRequestRoles />
      </Suspense>,
    );
    const moderators = await screen.findByRole("checkbox", { name: "Moderators" }, { timeout: 5000 });
    expect((moderators as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("combobox", { name: "Who may request" }));
    await user.click(await screen.findByRole("option", { name: "Subscribers and members and up", hidden: true }));
    await user.click(screen.getByRole("checkbox", { name: "VIPs" }));
    await user.click(screen.getByRole("button", { name: "Save who may request" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "PUT")).toHaveLength(2));
    const puts = calls.filter((call) => call.method === "PUT").map((call) => [call.path, JSON.parse(call.body).state]);
    expect(puts).toEqual([
      ["set/chatRequestMinimumRole", "subscriber"],
      ["set/chatLimitExemptRoles", "moderator,vip"],
    ]);
  });
});
