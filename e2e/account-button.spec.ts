import { axeViolations } from "./axe";
import { expect, test, DESKTOP, PHONE, shoot, signedInMember } from "./support";

test("the account button is named by the words it shows, on a phone and on a desktop (axe: label-content-name-mismatch)", async ({ browser }) => {
  const { page } = await signedInMember(browser, "label_member", "Label Member");
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    const button = page.getByRole("button", { name: "Your account (@label_member)" });
    await expect(button).toBeVisible();
    const violations = await axeViolations(page, { runOnly: { type: "rule", values: ["label-content-name-mismatch"] } });
    expect(
      violations.flatMap((violation) => violation.nodes.map((node) => node.html)),
      `at ${size.width} px`,
    ).toEqual([]);
    await shoot(page, `account-button-${size.width}`, { fullPage: false });
  }
});
