import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderWithProviders } from "../../../test/render";
import { GoogleSignInButton } from "./google-sign-in-button";

describe("the Google button", () => {
  it("reads 'Sign in with Google' by default and is 40 px high", () => {
    renderWithProviders(<GoogleSignInButton />);
    const button = screen.getByRole("button", { name: "Sign in with Google" });
    expect(button.textContent).toBe("Sign in with Google");
    expect(button.style.height).toBe("40px");
  });

  it("has the medium (32 px) and small (20 px) sizes, a custom label and a disabled state", () => {
    renderWithProviders(
      <>
        <GoogleSignInButton size="medium" label="Continue with Google" />
        <GoogleSignInButton size="small" disabled />
      </>,
    );
    expect(screen.getByRole("button", { name: "Continue with Google" }).style.height).toBe("32px");
    const small = screen.getByRole("button", { name: "Sign in with Google" });
    expect(small.style.height).toBe("20px");
    expect(small.hasAttribute("disabled")).toBe(true);
  });

  it("shows the logo alone in the circle shape, round, and follows the theme", () => {
    renderWithProviders(<GoogleSignInButton shape="circle" theme="filled_black" />);
    const button = screen.getByRole("button", { name: "Sign in with Google" });
    expect(button.textContent).toBe("");
    expect(button.style.width).toBe("40px");
    expect(button.style.borderRadius).toBe("20px");
    expect(button.style.background).toBe("rgb(19, 19, 20)");
  });
});
