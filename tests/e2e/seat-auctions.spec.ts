// Seat auctions on a desktop (issue 55 item 3, decision 102): the card counts the seats as bidders take them, live,
// until "Sold out"; a bidder too late sees it sold out on the page with no Enrol; an auction short of its minimum at
// the start says it was canceled, and the bidder's entry fee is back in the wallet.
import { expect, test, type Page } from "./fixtures";
import { operatorSession, publishedAuction, signedInPage, topUpInSandbox, xhr } from "./support";

/** The home page searched for `text`, so the cards asked for are in the first screen. */
async function searchHome(page: Page, text: string): Promise<void> {
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search auctions" }).fill(text);
}

test("the card counts the seats live until sold out; the page of a latecomer says so and offers no Enrol", async ({ browser }) => {
  const operator = await operatorSession(browser);
  const tag = Date.now().toString(36);
  const title = `Seat lamp ${tag}`;
  const auctionId = await publishedAuction(operator, title, { startsInSeconds: 3600, maxSeats: 2 });
  const { page } = await signedInPage(browser, "Seated");

  await searchHome(page, tag);
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText("0 of 2 seats")).toBeVisible();
  await card.getByRole("button", { name: /^Enrol/ }).click();
  await expect(card.getByText("1 of 2 seats")).toBeVisible();

  // Another bidder takes the last seat: the first one's card says so at once.
  const { page: other } = await signedInPage(browser, "Last");
  expect((await other.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  await expect(card.getByText("Sold out: 2 of 2 seats")).toBeVisible();

  const { page: late } = await signedInPage(browser, "Late");
  await late.goto(`/auctions/${auctionId}`);
  const panel = late.getByRole("region", { name: "Bidding" });
  await expect(panel.getByText("Sold out: 2 of 2 seats")).toBeVisible();
  await expect(panel.getByRole("button", { name: /^Enrol/ })).toHaveCount(0);
  const refused = await late.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ error: { code: "SOLD_OUT", message: "Sold out: 2 of 2 seats", values: { count: 2 } } });
});

test("an auction short of its minimum at the start is canceled on the open page, and the entry fee is back", async ({ browser }) => {
  const operator = await operatorSession(browser);
  const tag = Date.now().toString(36);
  const auctionId = await publishedAuction(operator, `Seat kettle ${tag}`, {
    startsInSeconds: 3600,
    minSeats: 3,
    maxSeats: 10,
    entryFeeCents: 150,
  });
  const { page } = await signedInPage(browser, "Short");
  await topUpInSandbox(page, "5");

  await page.goto(`/auctions/${auctionId}`);
  const panel = page.getByRole("region", { name: "Bidding" });
  await expect(panel.getByText("0 of 10 seats")).toBeVisible();
  await expect(
    panel.getByText("Starts only with at least 3 seats taken; otherwise it is canceled and every entry fee refunded."),
  ).toBeVisible();
  await panel.getByRole("button", { name: "Enrol · €1.50" }).click();
  await expect(panel.getByText("1 of 10 seats")).toBeVisible();

  // The start comes with one seat of the three taken.
  expect((await operator.post(`/api/operator/auctions/${auctionId}/start-now`, { headers: xhr })).status()).toBe(200);
  await expect(panel.getByRole("status")).toHaveText(
    "Canceled: it needed 3 seats taken by the start and had 1. Every entry fee has been refunded.",
  );
  await expect(panel.getByRole("button", { name: /^Enrol/ })).toHaveCount(0);
  // A reload shows the same; the wallet has the fee back.
  await page.reload();
  await expect(panel.getByRole("status")).toHaveText(/^Canceled: it needed 3 seats/);
  await page.goto("/wallet");
  await expect(page.getByText(`Entry fee refunded: Seat kettle ${tag} was canceled`)).toBeVisible();
});
