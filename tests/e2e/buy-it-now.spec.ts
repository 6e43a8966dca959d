// Buy it now (issue 20 item 2, decision 034): a bidder who lost an auction buys the item from the ended auction's page
// at its retail value less their entry fee, with the win's pay form, finds it on the won page, and follows its own
// fulfilment's stepper live there and on the auction's page as an operator moves it on. The winner is not offered it.
import { expect, test, type APIRequestContext } from "./fixtures";
import { operatorSession, signedInPage } from "./support";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

async function giveMoney(operator: APIRequestContext, displayName: string, euros: number) {
  const given = await operator.post(`/api/operator/users/${displayName}/wallet`, {
    headers: xhr,
    data: { amountCents: euros * 100, reason: "E2E: money to play with" },
  });
  expect(given.status()).toBe(200);
}

test("a bidder who lost buys the item now from the ended auction's page and follows its delivery live", async ({ browser }) => {
  test.setTimeout(240_000);
  const operator = await operatorSession(browser);
  const loser = await signedInPage(browser, "Liene");
  const winner = await signedInPage(browser, "Viktors");
  await giveMoney(operator, loser.displayName, 10);
  await giveMoney(operator, winner.displayName, 10);

  // A €5.00 item with a €1.00 entry fee: the loser bids once, the winner last; the operator ends it.
  const title = `Buy-now lamp ${Date.now().toString(36)}`;
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title,
      images: ["/products/headphones.svg"],
      retailValueCents: 500,
      entryFeeCents: 100,
      startPriceCents: 10,
      initialSeconds: 600,
      resetSeconds: 20,
      startsInSeconds: 0,
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;
  for (const { page } of [loser, winner])
    expect((await page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  await expect.poll(async () => (await loser.page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  expect((await winner.page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  const ended = await operator.post(`/api/operator/auctions/${auctionId}/end-now`, { headers: xhr });
  expect(await ended.json()).toMatchObject({ status: "Ended", winnerName: winner.displayName });

  // The winner's page offers no Buy it now: the win is paid among won auctions.
  await winner.page.goto(`/auctions/${auctionId}`);
  await expect(winner.page.getByText("You won this auction!")).toBeVisible();
  const offered = winner.page.waitForResponse((response) => new URL(response.url()).pathname === `/api/auctions/${auctionId}/buy-now`);
  await winner.page.reload();
  await offered;
  await expect(winner.page.getByRole("region", { name: "Buy it now" })).toHaveCount(0);

  // The loser's page: the server's price (€5.00 less the €1.00 fee), the deadline, then the same pay form as a win.
  const page = loser.page;
  await page.goto(`/auctions/${auctionId}`);
  const panel = page.getByRole("region", { name: "Buy it now" });
  await expect(panel.getByRole("definition").filter({ hasText: "€5.00" })).toBeVisible();
  await expect(panel.getByRole("definition").filter({ hasText: "−€1.00" })).toBeVisible();
  await expect(panel.getByText("Offer ends")).toBeVisible();
  await panel.getByRole("button", { name: "Buy it now for €4.00" }).click();
  const form = panel.getByRole("form", { name: "Buy it now: pay and tell us where to deliver" });
  await form.getByLabel("Phone").fill("12345");
  await form.getByRole("button", { name: "Pay €4.00" }).click();
  await expect(form.getByText("Invalid phone number")).toBeVisible();
  // The first field in error, as the form shows them, takes the focus (and keeps it: the address typed next stays there).
  await expect(form.getByRole("combobox", { name: "Delivery address" })).toBeFocused();
  await form.getByRole("combobox", { name: "Delivery address" }).fill("Brīvības iela 58, Rīga, LV-1010");
  await form.getByLabel("Phone").fill("+371 26 123 456");
  await form.getByRole("button", { name: "Pay €4.00" }).click();
  await expect(page.getByText("Payment received, we are preparing the item for delivery!")).toBeVisible();

  // Its own fulfilment: the same stepper, at 'Received payment'; the wallet paid €1.00 to enter and €4.00 now.
  const bought = page.getByRole("region", { name: "Bought with Buy it now" });
  await expect(bought.getByTestId("fulfilment-badge")).toHaveText("Paid");
  const stepper = bought.getByRole("list", { name: "Fulfilment progress" });
  await expect(stepper.getByRole("listitem")).toHaveText([/Auction ended/, /Received payment/, /Out for delivery/, /Delivered/]);
  await expect(stepper.locator('[aria-current="step"]')).toContainText("Received payment");
  await expect(bought.getByText("Brīvības iela 58, Rīga, LV-1010")).toBeVisible();
  expect(await (await page.request.get("/api/user-wallet", { headers: xhr })).json()).toEqual({ balance: 5 });

  // Twice is refused, changing nothing.
  const again = await page.request.post(`/api/auctions/${auctionId}/buy-now`, {
    headers: xhr,
    data: { deliveryAddress: "Rīga", phone: "+371 26 123 456" },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ error: { code: "BUY_NOW_ALREADY_BOUGHT" } });

  // The operator moves it on from the queue's API; the open won page and auction page follow each step without a reload.
  const queue = (await (await operator.get("/api/operator/buy-now?state=PaymentReceived&limit=1000", { headers: xhr })).json()) as {
    items: { purchaseId: number; auctionId: number }[];
  };
  const purchaseId = queue.items.find((item) => item.auctionId === auctionId)!.purchaseId;
  const advance = (to: string) => operator.post(`/api/operator/buy-now/${purchaseId}/advance`, { headers: xhr, data: { to } });
  const stayOnPage = () => page.evaluate(() => ((window as unknown as { stayedOnPage: boolean }).stayedOnPage = true));
  const stayedOnPage = () => page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage);

  // The won page lists the purchase (the loser won nothing, so it is all there is): what was paid, when, the stepper.
  await page.goto("/auctions/won");
  const purchases = page.getByRole("region", { name: "Your Buy it now purchases" });
  const card = purchases.getByRole("article", { name: title });
  await expect(card.getByRole("link", { name: title })).toHaveAttribute("href", `/auctions/${auctionId}`);
  await expect(card.getByRole("definition").filter({ hasText: "€4.00" })).toBeVisible();
  await expect(card.getByText("Bought on")).toBeVisible();
  await expect(card.getByTestId("fulfilment-badge")).toHaveText("Paid");
  const wonStepper = card.getByRole("list", { name: "Fulfilment progress" });
  await expect(wonStepper.locator('[aria-current="step"]')).toContainText("Received payment");
  await stayOnPage();
  expect((await advance("InDelivery")).status()).toBe(200);
  await expect(card.getByTestId("fulfilment-badge")).toHaveText("In delivery");
  await expect(wonStepper.locator('[aria-current="step"]')).toContainText("Out for delivery");
  expect(await stayedOnPage()).toBe(true);

  await page.goto(`/auctions/${auctionId}`);
  await expect(stepper.locator('[aria-current="step"]')).toContainText("Out for delivery");
  await stayOnPage();
  expect((await advance("Delivered")).status()).toBe(200);
  await expect(bought.getByTestId("fulfilment-badge")).toHaveText("Delivered");
  await expect(stepper.locator('[aria-current="step"]')).toContainText("Delivered");
  expect(await stayedOnPage()).toBe(true);

  // The wallet lists the debit with its own type.
  await page.goto("/wallet");
  const debit = page.getByRole("table").getByRole("row").filter({ hasText: "Buy it now" });
  await expect(debit).toContainText("−€4.00");
});
