// Reality checks on a desktop (issue 53 item 5, decision 095), the page's clock moved by Playwright: after an hour a
// check with what the session cost by the server's ledger; it waits for a slide being dragged; Continue counts the
// next hour from then; See my spending opens the wallet.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { operatorSession, signedInPage, xhr } from "./support";

/** A running auction with a €2.00 entry fee and four hours on its clock, so the hours moved on here do not end it. */
async function longAuction(operator: APIRequestContext, title: string): Promise<number> {
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title,
      images: ["/products/espresso.svg"],
      entryFeeCents: 200,
      initialSeconds: 4 * 3600,
      resetSeconds: 20,
      startsInSeconds: 0,
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;
  await expect
    .poll(
      async () =>
        ((await (await operator.get(`/api/operator/auctions/${auctionId}`, { headers: xhr })).json()) as { status: string }).status,
    )
    .toBe("Running");
  return auctionId;
}

/** €10.00 through the sandbox, as its checkout form sends it. */
async function topUp(page: Page): Promise<void> {
  const payment = (await (await page.request.post("/api/payments", { headers: xhr, data: { amount: 10, language: "en" } })).json()) as {
    payment: { id: string };
  };
  await page.request.post(`/sandbox/checkout/${payment.payment.id}`, { form: { action: "pay", method: "card" } });
}

test("a reality check comes after an hour, waits for the slide in hand, and Continue counts the next hour from then", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const operator = await operatorSession(browser);
  const { page } = await signedInPage(browser, "Reality");
  await topUp(page);
  const auctionId = await longAuction(operator, `Reality kettle ${Date.now().toString(36)}`);
  await page.clock.install();
  // The check falls due an hour after the page's first answer about the session, on the page's clock: the hour is
  // moved on below only once that answer is in, or it would be stamped after the jump and fall due an hour later.
  const sessionAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/reality-check");
  await page.goto(`/auctions/${auctionId}`);
  const panel = page.getByRole("region", { name: "Bidding" });
  await panel.getByRole("button", { name: "Enrol · €2.00" }).click();
  await expect(page.getByText("€2.00 has been deducted from your wallet. Good luck!")).toBeVisible();

  await sessionAnswered;
  // The thumb held a little way along when the hour comes: the check waits for it to be let go.
  const slider = page.getByRole("slider", { name: "Bid €0.01" });
  const box = await slider.boundingBox();
  if (!box) throw new Error("slider not laid out");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width, box.y + box.height / 2, { steps: 3 });
  // What happens in order: the check asks the server for the session's cost only once the thumb is let go.
  const events: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/reality-check") events.push("asked");
  });
  await page.clock.fastForward("01:00:00");
  events.push("hour passed");
  const check = page.getByRole("dialog", { name: "Reality check" });
  await expect(check).toHaveCount(0);
  events.push("let go");
  await page.mouse.up();
  await expect(check).toBeVisible();
  expect(events).toEqual(["hour passed", "let go", "asked"]);
  await expect(check.getByRole("button", { name: "Continue" })).toBeFocused();
  await expectNoSeriousViolations(page, "the reality check", { within: "[role=dialog]" });
  await expect(check).toContainText("Spent in this session");
  await expect(check).toContainText("€2.00");

  await check.getByRole("button", { name: "Continue" }).click();
  await expect(check).toBeHidden();
  await page.clock.fastForward("59:00");
  await expect(check).toHaveCount(0);
  await page.clock.fastForward("01:00");
  await expect(check).toBeVisible();

  // See my spending: the wallet's history, and the check answered.
  await check.getByRole("button", { name: "See my spending" }).click();
  await expect(check).toBeHidden();
  await expect(page).toHaveURL(/\/wallet$/);
});
