import { describe, expect, it } from "vitest";
import type { QueueUpdateMessage } from "@common/live";
import type { QueueType, Entry } from "@common/queue";
import { presentQueuer } from "../features/queue/queue.presenter";
import { submissionRow } from "../test/submission-row";
import { createListPublisher, type PublishedList } from "./list-publisher";

const entry = (n: number): Entry => presentQueuer(submissionRow({ id: `entry-${n}`, user_id: `user-${n}` }));
const published = (entries: Entry[]): PublishedList => ({ entries, etag: `"v-${entries.map((e) => e.id).join("+")}"` });
const lists = (waiting: Entry[]): Record<QueueType, PublishedList> => ({ waiting: published(waiting), active: published([]), on_hold: published([]) });

/** A publisher collecting what it sends. */
function publisherOver() {
  const messages: QueueUpdateMessage[] = [];
  const publisher = createListPublisher({ publish: (message) => messages.push(message) });
  return { publisher, messages };
}

describe("the list publisher", () => {
  it("announces each version built for anyone, from the one before, so a viewer who fetched it can apply the next", () => {
    const [a, b, c] = [entry(1), entry(2), entry(3)];
    const { publisher, messages } = publisherOver();
    // The first version known: read for a request, so nothing to tell yet.
    publisher.built(lists([a]));
    expect(messages).toEqual([]);

    // Built for a viewer's refetch in the middle of a burst: it goes out at once.
    publisher.built(lists([a, b]));
    publisher.built(lists([a, b, c]));
    expect(messages.map((m) => [m.base_version, m.version])).toEqual([
      ["v-entry-1", "v-entry-1+entry-2"],
      ["v-entry-1+entry-2", "v-entry-1+entry-2+entry-3"],
    ]);
    expect(messages[1]!.changes).toEqual({ added: [{ index: 2, entry: c }], removed: [], moved: [] });
  });

  it("sends one message per change: none more when the change's own version was announced as built", () => {
    const [a, b] = [entry(4), entry(5)];
    const { publisher, messages } = publisherOver();
    publisher.built(lists([a]));

    publisher.built(lists([a, b]), ["waiting"]);
    expect(messages).toHaveLength(1);

    // A change that left the list's bytes as they were still gets its message, as the spec's clients expect.
    publisher.built(lists([a, b]), ["waiting"]);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ queue_type: "waiting", total_count: 2, base_version: messages[1]!.version, changes: { added: [], removed: [], moved: [] } });
  });
});
