import fs from "node:fs";
import path from "node:path";
import { expect, test, asHost, expectAccessible, shoot, signedInHost } from "./support";

/** Without SMTP_URL the e2e server writes each mail here as an .eml file (playwright.config.ts's DATA_DIR). */
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? ".e2e-data", "outbox-mail");

const decodeQuotedPrintable = (text: string) => text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The mails written for `address`, as their subject and decoded text. */
function mailsTo(address: string): { subject: string; text: string }[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .map((name) => fs.readFileSync(path.join(OUTBOX, name), "utf8"))
    .filter((raw) => new RegExp(`^To: ${address}$`, "mi").test(raw))
    .map((raw) => ({ subject: raw.match(/^Subject: (.*)$/m)?.[1] ?? "", text: decodeQuotedPrintable(raw) }));
}

/** The path and query of the first link in `text` to `route` (the mail names the server's own address). */
function linkPath(text: string, route: string): string {
  const match = text.match(new RegExp(`https?://[^/\\s]+(${route}\\?token=[\\w.%-]+)`));
  if (!match?.[1]) throw new Error(`no ${route} link in the mail`);
  return match[1];
}

test("a guest subscribes from the home card, confirms from the mail, hears once that the queue opened, then unsubscribes", async ({ page, browser }) => {
  const host = await signedInHost(browser);
  await asHost(host, "PUT", "set/isQueueOn", { state: "false" });
  const address = `guest.${Date.now().toString(36)}@example.com`;

  // The page's timers run on a clock the journey can move (the success message's 5 s).
  await page.clock.install();
  await page.goto("/");
  const help = page.getByRole("dialog", { name: "How Does It Work" });
  await expect(help).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  const card = page.getByRole("region", { name: "E-mail notifications" });
  await card.getByRole("checkbox", { name: "Queue notifications" }).uncheck();
  await card.getByRole("button", { name: "Subscribe" }).click();
  await expect(card.getByRole("alert")).toHaveText("Please enter an email address");
  await card.getByRole("textbox", { name: "E-mail address" }).fill(address);
  await card.getByRole("button", { name: "Subscribe" }).click();
  await expect(card.getByRole("alert")).toHaveText("Please select at least one subscription option");
  await card.getByRole("checkbox", { name: "Queue notifications" }).check();
  await card.getByRole("button", { name: "Subscribe" }).click();
  await expect(card.getByRole("status")).toHaveText("Check your inbox: we sent a link to confirm your subscription.");
  await card.scrollIntoViewIfNeeded();
  await shoot(page, "email-card-subscribed");
  await expectAccessible(page, "the home page with the e-mail card");
  // The success message goes after 5 s.
  await page.clock.fastForward(5_000);
  await expect(card.getByRole("status")).toBeHidden();

  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(1);
  const [confirmation] = mailsTo(address);
  expect(confirmation?.subject).toBe("Confirm your e-mail subscription to LiveQueue");
  await page.goto(linkPath(confirmation!.text, "/email/confirm"));
  await expect(page.getByRole("status")).toHaveText("Your subscription is confirmed.");
  await shoot(page, "email-confirmed");

  await asHost(host, "PUT", "set/isQueueOn", { state: "true" });
  await expect.poll(() => mailsTo(address).map((mail) => mail.subject), { timeout: 10_000 }).toEqual(expect.arrayContaining(["LiveQueue's queue is open"]));
  await page.waitForTimeout(2_500);
  const opened = mailsTo(address).filter((mail) => mail.subject === "LiveQueue's queue is open");
  expect(opened).toHaveLength(1);

  await page.goto(linkPath(opened[0]!.text, "/email/unsubscribe"));
  await expect(page.getByRole("status")).toHaveText("You are unsubscribed. You will not get these e-mails any more.");
  await shoot(page, "email-unsubscribed");
  await expectAccessible(page, "the unsubscribe page");

  await asHost(host, "PUT", "set/isQueueOn", { state: "false" });
  await asHost(host, "PUT", "set/isQueueOn", { state: "true" });
  await page.waitForTimeout(2_500);
  expect(mailsTo(address)).toHaveLength(2);
});
