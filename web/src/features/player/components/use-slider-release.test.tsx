import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Slider } from "@mantine/core";
import { fireEvent, screen } from "@testing-library/react";
import { renderWithProviders } from "../../../test/render";
import { advance } from "../../../test/frozen-timers";
import { useSliderRelease } from "./use-slider-release";

const WIDTH = 200;

function Volume({ release }: { release(value: number): void }) {
  const { dragging, onChange, onChangeEnd } = useSliderRelease(release);
  return <Slider data-testid="volume" thumbLabel="Volume" min={0} max={100} value={dragging ?? 100} onChange={onChange} onChangeEnd={onChangeEnd} />;
}

/** A click as a test browser makes it: the button goes down and up before the next animation frame. */
function clickAt(fraction: number) {
  const track = screen.getByTestId("volume").querySelector<HTMLElement>(".mantine-Slider-trackContainer")!;
  const clientX = WIDTH * fraction;
  fireEvent.mouseDown(track, { clientX, clientY: 5 });
  fireEvent.mouseUp(document, { clientX, clientY: 5 });
}

describe("a slider's release", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: WIDTH, height: 10 }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("sends the value clicked, once, even when the click ends before the slider reads where it was", async () => {
    const release = vi.fn();
    renderWithProviders(<Volume release={release} />);

    clickAt(0.4);
    await advance(100);

    expect(release.mock.calls).toEqual([[40]]);
  });

  it("sends the value a key moved to", async () => {
    const release = vi.fn();
    renderWithProviders(<Volume release={release} />);

    fireEvent.keyDown(screen.getByRole("slider", { name: "Volume" }), { key: "ArrowLeft" });
    await advance(100);

    expect(release.mock.calls).toEqual([[99]]);
  });
});
