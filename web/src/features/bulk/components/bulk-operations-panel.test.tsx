import { beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Notifications } from "@mantine/notifications";
import type { BulkOperationType } from "@common/bulk";
import { makeEntry } from "../../../test/entry";
import { renderWithProviders } from "../../../test/render";
import { useFakeAdminApi } from "../../../test/fake-admin-api";
import { BulkOperationsPanel } from "./bulk-operations-panel";

const TYPES: BulkOperationType[] = [
  { operation: "move", name: "Move to queue", description: "Move the selected users to the target queue.", destructive: false, uses_target_queue: true },
  { operation: "remove", name: "Delete from queue", description: "Take them out.", destructive: true, uses_target_queue: false },
];

/** A small admin backend: the types, GET queuer (two waiting, one held), GET active-queuer, and a POST that answers `answer`. */
let answer: { status: number; body: unknown } = { status: 200, body: { success_count: 0, failed_count: 0, failures: [] } };
const { calls } = useFakeAdminApi(({ path }) => {
  if (path === "scheduler/bulk-operations/types") return [200, { operations: TYPES }];
  if (path === "queuer") return [200, [makeEntry("ana"), makeEntry("ben"), makeEntry("cy", { status: "on_hold", on_hold: true })]];
  if (path === "active-queuer") return [200, [makeEntry("dee", { status: "active" })]];
  return [answer.status, answer.body];
});
beforeEach(() => {
  answer = { status: 200, body: { success_count: 0, failed_count: 0, failures: [] } };
});

const posts = () => calls.filter((call) => call.method === "POST");

async function renderPanel() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <Notifications />
      <BulkOperationsPanel />
    </>,
  );
  await screen.findByRole("checkbox", { name: /Track ana/ });
  return user;
}

async function chooseOperation(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole("combobox", { name: "Operation" }));
  await user.click(await screen.findByRole("option", { name, hidden: true }));
}

// jsdom and typed input are slow on a busy machine.
describe("BulkOperationsPanel", { timeout: 30_000 }, () => {
  it("asks for an operation and at least one user before sending anything", async () => {
    const user = await renderPanel();
    const run = screen.getByRole("button", { name: "Run operation" });
    await user.click(run);
    expect(await screen.findByText("Please select an operation and at least one user")).toBeTruthy();

    await chooseOperation(user, "Move to queue");
    await user.click(run);
    await waitFor(() => expect(screen.getAllByText("Please select an operation and at least one user")).toHaveLength(2));
    expect(posts()).toEqual([]);
  });

  it("sends the chosen users, target queue and reason, then shows the result with each failure's reason", async () => {
    answer = { status: 200, body: { success_count: 1, failed_count: 1, failures: [{ user_id: "user_ben", reason: "Only a waiting submission can be put on hold" }] } };
    const user = await renderPanel();
    await chooseOperation(user, "Move to queue");
    expect(screen.getByText("Move the selected users to the target queue.")).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: "Select all in Waiting" }));
    await user.click(screen.getByRole("radio", { name: "On Hold" }));
    await user.type(screen.getByRole("textbox", { name: "Reason (optional)" }), "  Away from keyboard ");
    expect(screen.getByText("2 users selected")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Run operation" }));

    const result = await screen.findByRole("region", { name: "Bulk operation result" });
    expect(within(result).getByText("1 succeeded · 1 failed")).toBeTruthy();
    expect(within(result).getByText(/Only a waiting submission can be put on hold/)).toBeTruthy();
    expect(within(result).getByText("Track ben by Artist ben (@ben)")).toBeTruthy();
    expect(posts().map((call) => [call.path, JSON.parse(call.body)])).toEqual([
      ["scheduler/bulk-operations", { operation: "move", user_ids: ["user_ana", "user_ben"], target_queue: "hold", reason: "Away from keyboard" }],
    ]);
    expect(screen.getByText("0 users selected")).toBeTruthy();
  });

  it("narrows the lists with the search box; select all then takes only what is shown", async () => {
    const user = await renderPanel();
    await user.type(screen.getByRole("searchbox", { name: "Search users" }), "BEN");
    expect(screen.queryByRole("checkbox", { name: /Track ana/ })).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Select all in Waiting" }));
    expect(screen.getByText("1 user selected")).toBeTruthy();
  });

  it("warns that a destructive operation cannot be undone and asks before running it", async () => {
    const user = await renderPanel();
    await chooseOperation(user, "Delete from queue");
    expect(screen.getByText("This action cannot be undone.")).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: /Track dee/ }));
    await user.click(screen.getByRole("button", { name: "Run operation" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete from queue?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(posts()).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Run operation" }));
    await user.click(await screen.findByRole("button", { name: "Delete from queue (1 user)" }));
    await waitFor(() => expect(posts().map((call) => JSON.parse(call.body).user_ids)).toEqual([["user_dee"]]));
  });

  it("shows the spec's failure sentence with the server's detail", async () => {
    answer = { status: 403, body: { detail: "Admin account is not active. Please contact a super admin to activate your account." } };
    const user = await renderPanel();
    await chooseOperation(user, "Move to queue");
    await user.click(screen.getByRole("checkbox", { name: /Track cy/ }));
    await user.click(screen.getByRole("button", { name: "Run operation" }));
    expect(await screen.findByText("Failed to perform bulk operation: Admin account is not active. Please contact a super admin to activate your account.")).toBeTruthy();
  });
});
