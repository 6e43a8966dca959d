import { expect, test, type Page } from "./fixtures";
import { inEnglish, operatorSession, signedInPage } from "./support";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

test("two bidders: both pay the fee and enrol, bid live against each other, and see who won when it ends", async ({ browser }) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);
  const { page: anna, displayName: annaName } = await signedInPage(browser, "Anna");
  const { page: otto, displayName: ottoName } = await signedInPage(browser, "Otto");
  for (const name of [annaName, ottoName]) {
    const credit = await operator.post(`/api/operator/users/${name}/wallet`, {
      headers: xhr,
      data: { amountCents: 500, reason: "E2E starting balance" },
    });
    expect(credit.status()).toBe(200);
  }
  const title = `Duel speaker ${Date.now().toString(36)}`;
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title,
      images: ["/products/speaker.svg"],
      entryFeeCents: 50,
      retailValueCents: 4900,
      initialSeconds: 300,
      resetSeconds: 20,
      startsInSeconds: 0,
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;

  // Both enrol: the fee leaves the wallet, and the account menu shows what is left.
  for (const page of [anna, otto]) {
    await page.goto(`/auctions/${auctionId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByRole("button", { name: "Enrol · €0.50" }).click();
    await expect(page.getByText("€0.50 has been deducted from your wallet. Good luck!")).toBeVisible();
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByLabel("Balance")).toHaveText("€4.50");
    await page.keyboard.press("Escape");
  }

  await duel(anna, otto, annaName, ottoName);

  // The operator ends it now: Otto leads (his auto-bid answered last), so Otto wins; both pages say so at once.
  const ended = await operator.post(`/api/operator/auctions/${auctionId}/end-now`, { headers: xhr });
  const { priceCents, winnerName } = (await ended.json()) as { priceCents: number; winnerName: string };
  expect(winnerName).toBe(ottoName);
  const soldPrice = `€${(priceCents / 100).toFixed(2)}`;
  for (const page of [anna, otto]) {
    await expect(page.getByText("Sold price")).toBeVisible();
    await expect(page.getByText(soldPrice, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(ottoName, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("slider", { name: "Bid €0.01" })).toHaveCount(0);
  }
  // The winner is told so on the spot ('You won!', then the page), with the way to pay; the other bidder is not.
  const won = otto.getByRole("dialog", { name: "You won!" });
  await expect(won).toContainText(title);
  await won.getByRole("button", { name: "Close" }).click();
  await expect(otto.getByRole("status").filter({ hasText: "You won this auction!" })).toBeVisible();
  await otto.getByRole("link", { name: "Pay and arrange delivery" }).click();
  await expect(otto).toHaveURL(/\/auctions\/won$/);
  await expect(anna.getByText("You won this auction!")).toHaveCount(0);
  await expect(anna.getByRole("dialog", { name: "You won!" })).toHaveCount(0);

  // And home lists it among the ended auctions, with its winner.
  await anna.goto("/");
  const card = anna.locator("#ended article").filter({ hasText: title });
  await expect(card.getByText("Sold price")).toBeVisible();
  await expect(card.getByText(ottoName)).toBeVisible();
});

/** Anna slides, Otto sees it; Anna is refused as leader; Otto answers, by hand and by auto-bid. */
async function duel(anna: Page, otto: Page, annaName: string, ottoName: string) {
  const priceOnOttosPage = otto.getByText(/^€\d+\.\d\d$/).first();
  const before = await priceOnOttosPage.textContent();

  // Anna slides the thumb to the end with the mouse.
  const slider = anna.getByRole("slider", { name: "Bid €0.01" });
  const box = await slider.boundingBox();
  const track = await slider.locator("..").boundingBox();
  if (!box || !track) throw new Error("slider not laid out");
  await anna.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await anna.mouse.down();
  await anna.mouse.move(track.x + track.width - 10, box.y + box.height / 2, { steps: 8 });
  await anna.mouse.up();
  await expect(anna.getByText("Your bid is in!")).toBeVisible();
  const annaBidSeenAtMs = Date.now(); // the server stamped her bid before this (one machine, one clock)

  // Otto's page follows without a reload: the new leader, a higher price. How fast is the feed bench's to say
  // (bid → watchers p99, `npm run bench`), not a wall clock in a browser test on a machine shared with other jobs.
  await expect(otto.getByText(`Leading: ${annaName}`)).toBeVisible();
  await expect(priceOnOttosPage).not.toHaveText(before ?? "");
  await expect(otto.getByRole("listitem").filter({ hasText: annaName }).first()).toBeVisible();

  // Anna again: refused, she is already winning.
  await slider.focus();
  await anna.keyboard.press("Enter");
  await expect(anna.getByText("You are already winning")).toBeVisible();

  // Otto answers with the keyboard; Anna sees him lead.
  await otto.getByRole("slider", { name: "Bid €0.01" }).focus();
  await otto.keyboard.press("Enter");
  await expect(otto.getByText("Your bid is in!")).toBeVisible();
  await expect(anna.getByText(`Leading: ${ottoName}`)).toBeVisible();

  // Otto sets an auto-bid; when Anna outbids him, the server answers for him.
  await otto.getByLabel("Maximum price (€)").fill("9.99");
  await otto.getByRole("button", { name: "Set auto-bid" }).click();
  await expect(otto.getByText("Auto-bid is on, up to €9.99")).toBeVisible();
  // Her one-bid-a-second limit has passed by the server's own clock (the one it judges bids by), not by a sleep.
  await expect
    .poll(async () => ((await (await anna.request.get("/api/health")).json()) as { serverNow: number }).serverNow)
    .toBeGreaterThan(annaBidSeenAtMs + 1000);
  await slider.focus();
  await anna.keyboard.press("Enter");
  // Her bid is in, and within a tick the server outbids her for Otto: an auto bid in the history proves both (her
  // "Your bid is in!" may last only until that tick, when the page says she is outbid).
  await expect(anna.getByText(`Leading: ${ottoName}`)).toBeVisible();
  await expect(anna.getByRole("listitem").filter({ hasText: "auto" }).first()).toBeVisible();
}

test("a visitor sees the demo catalogue live on home: running, starting soon and ended, with winners", async ({ page }) => {
  await inEnglish(page);
  await page.goto("/");
  for (const name of ["Running auctions", "Starting soon", "Ended auctions"]) {
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${name}`) })).toBeVisible();
  }
  // The first running card still open to new bidders (some demo auctions close early: decision 031).
  const running = page.locator("#running article").filter({ hasNotText: "Closed to new bidders" }).first();
  await expect(running.getByText("Time left")).toBeVisible();
  await expect(running.getByText("Current price")).toBeVisible();
  await expect(running.getByRole("link", { name: "Sign in to bid" })).toBeVisible();
  const soon = page.locator("#starting-soon article").first();
  await expect(soon.getByText("Starting soon")).toBeVisible();
  const ended = page.locator("#ended article").first();
  await expect(ended.getByText("Sold price")).toBeVisible();
  await expect(ended.getByText("Winner", { exact: true })).toBeVisible();
  // The countdown moves by the server clock.
  const timeLeft = running.locator("dd").first();
  const first = await timeLeft.textContent();
  await expect(timeLeft).not.toHaveText(first ?? "");
});

test("an ended auction shows its winner and a bid chain that verifies", async ({ page }) => {
  await inEnglish(page);
  await page.goto("/");
  const titles = page.locator("#ended article").getByRole("heading").getByRole("link");
  const href = await page
    .locator("#ended article")
    .filter({ hasText: "Sold price" })
    .first()
    .getByRole("heading")
    .getByRole("link")
    .getAttribute("href");
  if (!href) throw new Error("an ended auction with a winner links to its page");
  // Another test's auction may end meanwhile and take the list's top: the link followed is the one read, wherever it is.
  const link = titles.and(page.locator(`[href="${href}"]`));
  const title = (await link.textContent()) ?? "";
  await link.click();
  await expect(page).toHaveURL(href);
  // The address changes as the link is followed; Home stays on screen until the auction's page is in (decision 068).
  await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page.getByText("Sold price")).toBeVisible();
  await expect(page.getByText("Winner", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Verify the chain" }).click();
  await expect(page.getByText(/^All \d+ bids check out: the chain is intact\.$/)).toBeVisible();
});

test("an auction's page comes with its auction: opened by its address, it draws while the auction's call is unanswered", async ({
  page,
}) => {
  await inEnglish(page);
  const search = await page.request.post("/api/auctions/search", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    data: { status: "Running", pageSize: 1 },
  });
  const [auction] = ((await search.json()) as { items: { id: number; title: string }[] }).items;
  if (!auction) throw new Error("the demo catalogue has a running auction");
  // Held, never answered: the auction can only come from the page itself (decision 025).
  await page.route(`**/api/auctions/${auction.id}`, () => undefined);
  await page.goto(`/auctions/${auction.id}`);
  await expect(page.getByRole("heading", { level: 1, name: auction.title })).toBeVisible();
  await expect(page.getByText("Current price")).toBeVisible();
});
