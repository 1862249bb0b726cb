import { describe, expect, it } from "vitest";
import { playerStateOf } from "./use-youtube-playing";

describe("playerStateOf", () => {
  it("reads the state of the YouTube embed's messages", () => {
    expect(playerStateOf(JSON.stringify({ event: "onStateChange", info: 1 }))).toBe(1);
    expect(playerStateOf(JSON.stringify({ event: "infoDelivery", info: { playerState: 2, currentTime: 10 } }))).toBe(2);
    expect(playerStateOf({ event: "initialDelivery", info: { playerState: -1 } })).toBe(-1);
  });

  it("ignores anything else", () => {
    expect(playerStateOf("not json")).toBeNull();
    expect(playerStateOf(JSON.stringify({ event: "infoDelivery", info: { currentTime: 3 } }))).toBeNull();
    expect(playerStateOf(null)).toBeNull();
    expect(playerStateOf(JSON.stringify({ event: "onReady" }))).toBeNull();
  });
});
