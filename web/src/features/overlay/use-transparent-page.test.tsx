import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { useTransparentPage } from "./use-transparent-page";

function Transparent() {
  useTransparentPage();
  return null;
}

describe("useTransparentPage", () => {
  it("makes the page transparent while mounted and gives the app its own background back after", () => {
    document.body.style.background = "rgb(20, 20, 20)";
    const { unmount } = render(<Transparent />);
    expect(document.body.style.background).toBe("transparent");
    expect(document.documentElement.style.background).toBe("transparent");
    expect(document.documentElement.style.colorScheme).toBe("normal");
    unmount();
    expect(document.body.style.background).toBe("rgb(20, 20, 20)");
    expect(document.documentElement.style.background).toBe("");
    expect(document.documentElement.style.colorScheme).toBe("");
  });
});
