import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import { QUEUE_TYPES } from "@common/queue";
import { useFakeAdminApi } from "../../test/fake-admin-api";
import { makeEntry } from "../../test/entry";
import { renderWithProviders } from "../../test/render";
import { adminListQuery, useEntryAction, usePlayNext } from "./api";

const playing = makeEntry("playing", { status: "active" });
const next = makeEntry("next");

const { calls } = useFakeAdminApi(({ method, path }) => {
  if (method === "POST" && path === "active-queuer/play-next")
    return [200, { played: [{ ...playing, status: "played" }], now_playing: { ...next, status: "active" }, skipped_count: 0 }];
  if (method === "POST" && path.startsWith("queuer/release/")) return [200, next];
  return [200, path.startsWith("active-queuer") ? [playing] : path.startsWith("queuer/queue") ? [next] : []];
});

/** The host's three lists as the back-office page holds them, with the Play next and Release buttons. */
function HostView() {
  const lists = QUEUE_TYPES.map((type) => useQuery(adminListQuery(type)));
  const playNext = usePlayNext();
  const action = useEntryAction();
  if (lists.some((list) => !list.isSuccess)) return <p>loading</p>;
  return (
    <>
      <button onClick={() => playNext.mutate(playing.id)}>Play next</button>
      <button onClick={() => action.mutate({ action: "release", entry: next })}>Release</button>
      {playNext.isSuccess && <p>played</p>}
      {action.isSuccess && <p>released</p>}
    </>
  );
}

describe("the host's requests", () => {
  it("costs one request per Play next: the lists follow from the admin socket, not from a refetch of every list", async () => {
    renderWithProviders(<HostView />);
    await screen.findByRole("button", { name: "Play next" });
    const loads = calls.length;
    expect(loads).toBe(3);

    fireEvent.click(screen.getByRole("button", { name: "Play next" }));
    await screen.findByText("played");
    // Anything the mutation set off has started by now: its settle callbacks ran before it was marked done.
    expect(calls.slice(loads).map((call) => `${call.method} ${call.path}`)).toEqual(["POST active-queuer/play-next"]);
  });

  it("costs one request per entry action", async () => {
    renderWithProviders(<HostView />);
    await screen.findByRole("button", { name: "Release" });
    const loads = calls.length;
    fireEvent.click(screen.getByRole("button", { name: "Release" }));
    await screen.findByText("released");
    expect(calls.slice(loads).map((call) => `${call.method} ${call.path}`)).toEqual([`POST queuer/release/${next.id}`]);
  });
});
