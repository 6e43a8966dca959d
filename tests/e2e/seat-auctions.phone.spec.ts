// Seat auctions on a phone (issue 55 item 3, decision 102): the bid panel counts the seats and says "Sold out" when
// the bidder took the last one, the card on Home too; an auction short of its minimum says it was canceled.
import { expect, test } from "./fixtures";
import { operatorSession, publishedAuction, signedInPage, xhr } from "./support";

test("a phone bidder takes the last seat, sees it sold out on the page and the card, and sees a short auction canceled", async ({
  browser,
  isMobile,
}) => {
  expect(isMobile).toBe(true);
  const operator = await operatorSession(browser);
  const tag = Date.now().toString(36);
  const title = `Seat radio ${tag}`;
  const lastSeat = await publishedAuction(operator, title, { startsInSeconds: 3600, maxSeats: 1 });
  const short = await publishedAuction(operator, `Seat fan ${tag}`, { startsInSeconds: 3600, minSeats: 2 });
  const { page } = await signedInPage(browser, "Phone", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  await page.goto(`/auctions/${lastSeat}`);
  const panel = page.getByRole("region", { name: "Bidding" });
  await expect(panel.getByText("0 of 1 seat")).toBeInViewport();
  await panel.getByRole("button", { name: "Enrol for free" }).tap();
  await expect(panel.getByText("Sold out: 1 of 1 seat")).toBeInViewport();

  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search auctions" }).fill(title);
  await expect(page.getByRole("article", { name: title }).getByText("Sold out: 1 of 1 seat")).toBeVisible();

  await page.goto(`/auctions/${short}`);
  await expect(
    panel.getByText("Starts only with at least 2 seats taken; otherwise it is canceled and every entry fee refunded."),
  ).toBeVisible();
  await panel.getByRole("button", { name: "Enrol for free" }).tap();
  await expect(panel.getByText("Enrolled", { exact: true })).toBeVisible();
  expect((await operator.post(`/api/operator/auctions/${short}/start-now`, { headers: xhr })).status()).toBe(200);
  await expect(panel.getByRole("status")).toHaveText(
    "Canceled: it needed 2 seats taken by the start and had 1. Every entry fee has been refunded.",
  );
  await expect(panel.getByRole("status")).toBeInViewport();
});
