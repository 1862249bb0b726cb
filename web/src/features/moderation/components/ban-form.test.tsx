import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { BAN_MESSAGES } from "@common/moderation";
import { renderWithProviders } from "../../../test/render";
import { useFakeAdminApi } from "../../../test/fake-admin-api";
import { BanForm } from "./ban-form";

const { calls } = useFakeAdminApi(({ body }) => [201, { id: "ban_1", ...JSON.parse(body) }]);

describe("the Ban form", () => {
  it("sends nothing while the form is empty, and says what is missing under each field", async () => {
    renderWithProviders(<BanForm />);
    await userEvent.click(screen.getByRole("button", { name: "Ban" }));
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
    const value = screen.getByRole("textbox", { name: /^Username/ });
    const reason = screen.getByRole("textbox", { name: /^Reason/ });
    expect(
      document.getElementById(
        value
          .getAttribute("aria-describedby")
          ?.split(" ")
          .find((id) => id.endsWith("-error")) ?? "",
      )?.textContent,
    ).toBe(BAN_MESSAGES.valueRequired);
    expect(
      document.getElementById(
        reason
          .getAttribute("aria-describedby")
          ?.split(" ")
          .find((id) => id.endsWith("-error")) ?? "",
      )?.textContent,
    ).toBe(BAN_MESSAGES.reasonRequired);
  });
});
