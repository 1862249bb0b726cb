import { expect, test } from "./support";

test("/robots.txt is a real robots file that keeps crawlers out of the back-office, sign-in and API", async ({ request }) => {
  const answer = await request.get("/robots.txt");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await answer.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  for (const path of ["/admin", "/access", "/api/", "/overlay"]) expect(text).toContain(`Disallow: ${path}`);
});
