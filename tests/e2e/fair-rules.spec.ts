// The fair-play rules of enrolment as a bidder meets them (issue 21, decision 031): the win limit says why an auction
// is closed to them and from when; a beginner auction refuses a past winner; a locked auction refuses a late enrolment.
import { expect, test, type APIRequestContext } from "./fixtures";
import { operatorSession, signedInPage } from "./support";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

/** A running auction with these rules, started at once (no entry fee). */
async function runningAuction(operator: APIRequestContext, title: string, rules: Record<string, unknown> = {}): Promise<number> {
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: { title, images: ["/products/espresso.svg"], initialSeconds: 600, resetSeconds: 20, startsInSeconds: 0, publish: true, ...rules },
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

test("a winner meets the win limit and a beginner auction; a locked auction refuses anyone late", async ({ browser }) => {
  const operator = await operatorSession(browser);
  const tag = Date.now().toString(36);
  const { page } = await signedInPage(browser, "Winner");

  // The bidder wins a kettle: enrols, bids once, the operator ends it.
  const won = await runningAuction(operator, `Fair kettle ${tag}`);
  expect((await page.request.post(`/api/auctions/${won}/enrol`, { headers: xhr })).status()).toBe(200);
  expect((await page.request.post(`/api/auctions/${won}/bids`, { headers: xhr })).status()).toBe(200);
  expect(
    (await (await operator.post(`/api/operator/auctions/${won}/end-now`, { headers: xhr })).json()) as { status: string },
  ).toMatchObject({ status: "Ended" });

  // Another kettle of the same product: the page says why it is closed to them, and until when, before they try.
  const again = await runningAuction(operator, `Fair kettle ${tag}`);
  await page.goto(`/auctions/${again}`);
  // First the win itself greets them.
  await page.getByRole("dialog", { name: "You won!" }).getByRole("button", { name: "Close" }).click();
  const panel = page.getByRole("region", { name: "Bidding" });
  await expect(panel.getByRole("status")).toContainText("Win limit for this product reached: at most 1 of the same product in 7 days");
  await expect(panel.getByRole("status")).toContainText(/You can enrol again from .*20\d\d/);
  await expect(panel.getByRole("button", { name: /^Enrol/ })).toHaveCount(0);
  const refused = await page.request.post(`/api/auctions/${again}/enrol`, { headers: xhr });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: { code: "PRODUCT_WIN_LIMIT", values: { limit: 1, days: 7 } } });

  // A beginners' auction: a past winner is told it is for bidders who have never won, and is refused.
  const beginners = await runningAuction(operator, `Beginner toaster ${tag}`, { maxPreviousWins: 0 });
  await page.goto(`/auctions/${beginners}`);
  await expect(panel.getByRole("list", { name: "Who can enrol" })).toContainText("Beginner auction: only for bidders who have never won");
  await expect(panel.getByRole("status")).toHaveText("This is a beginner auction: only bidders who have never won may enrol.");
  expect(await (await page.request.post(`/api/auctions/${beginners}/enrol`, { headers: xhr })).json()).toMatchObject({
    error: { code: "MAX_PREVIOUS_WINS" },
  });

  // A newcomer: enrolment that closes at the start is closed to them on the card and the page, and refused.
  const { page: newcomer } = await signedInPage(browser, "Late");
  const locked = await runningAuction(operator, `Locked lamp ${tag}`, { enrolmentClosesSecondsBeforeEnd: 600 });
  const open = await runningAuction(operator, `Open lamp ${tag}`, { enrolmentClosesSecondsBeforeEnd: 60 });
  await newcomer.goto("/");
  await newcomer.getByRole("searchbox", { name: "Search auctions" }).fill(`lamp ${tag}`);
  const lockedCard = newcomer.getByRole("article", { name: `Locked lamp ${tag}` });
  await expect(lockedCard.getByText("Closed to new bidders")).toBeVisible();
  await expect(lockedCard.getByRole("button", { name: /^Enrol/ })).toHaveCount(0);
  const openCard = newcomer.getByRole("article", { name: `Open lamp ${tag}` });
  await expect(openCard.getByText(/^Enrolment closes at /)).toBeVisible();
  await expect(openCard.getByRole("button", { name: /^Enrol/ })).toBeVisible();
  await newcomer.goto(`/auctions/${locked}`);
  await expect(newcomer.getByRole("region", { name: "Bidding" }).getByText("Closed to new bidders")).toBeVisible();
  const late = await newcomer.request.post(`/api/auctions/${locked}/enrol`, { headers: xhr });
  expect(late.status()).toBe(409);
  expect(await late.json()).toMatchObject({ error: { code: "ENROLMENT_LOCKED" } });
  // The open one still takes them.
  expect((await newcomer.request.post(`/api/auctions/${open}/enrol`, { headers: xhr })).status()).toBe(200);
});
