// The dev panel (outside production): the page's live machines (the very actors the page draws from), events sent
// to them, and an operator's server-side actions on the auction of the page.
import { expect, test, type Page } from "@playwright/test";
import { inEnglish, operatorPage, spaTakenOver, visitorIp } from "./support";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

async function openDevTools(page: Page) {
  await page.getByRole("button", { name: "Dev tools" }).click();
  const panel = page.getByRole("dialog", { name: "Dev tools" });
  await expect(panel).toBeVisible();
  return panel;
}

test("on a desktop the panel's button sits in the sidebar and covers no auction card", async ({ browser }) => {
  for (const viewport of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
    const context = await browser.newContext({ viewport, extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });
    const page = await context.newPage();
    await inEnglish(page);
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Dev tools" })).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    await spaTakenOver(page);
    const button = await page.getByRole("button", { name: "Dev tools" }).boundingBox();
    const sidebar = await page.getByRole("complementary").boundingBox();
    expect(button && sidebar, "the button and the sidebar are on screen").toBeTruthy();
    expect(button!.x + button!.width, `${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(sidebar!.x + sidebar!.width);
    // The cards are measured in one look at the page: the live list may replace a card between two round trips.
    const covered = await page.evaluate((b) => {
      return [...document.querySelectorAll("article")]
        .map((card) => ({ title: card.querySelector("h2, h3")?.textContent ?? "", box: card.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.x < b.x + b.width && b.x < box.x + box.width && box.y < b.y + b.height && b.y < box.y + box.height)
        .map(({ title }) => title);
    }, button!);
    expect(covered, `${viewport.width}×${viewport.height}`).toEqual([]);
    await context.close();
  }
});

test("the panel lists the page's machines, and an event sent to one changes its state", async ({ browser }) => {
  const page = await operatorPage(browser);
  const panel = await openDevTools(page);
  const auth = panel.getByRole("region", { name: "auth", exact: true });
  await expect(auth.getByTestId("machine-state")).toHaveText("authenticated.idle");
  await auth.getByText("Context").click();
  await expect(auth.getByText('"email": "operator@pennybid.lv"')).toBeVisible();
  await expect(auth.getByRole("combobox", { name: "Event" })).toContainText("user.signedOut (possible now)");

  await auth.getByRole("combobox", { name: "Event" }).selectOption("user.signedOut");
  await auth.getByRole("button", { name: "Send" }).click();
  await expect(auth.getByTestId("machine-state")).toHaveText("anonymous.idle");
  await expect(auth.getByRole("status")).toHaveText("Sent user.signedOut.");
  // The page follows its machine: the header offers Sign in again.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
});

test("an operator ends the auction of the page from the panel, and the page shows it ended", async ({ browser }) => {
  const page = await operatorPage(browser);
  const title = `Dev panel lamp ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/operator/auctions", {
    headers: xhr,
    data: { title, images: ["/products/speaker.svg"], entryFeeCents: 0, retailValueCents: 2500, initialSeconds: 300, resetSeconds: 20, startsInSeconds: 0, publish: true },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;

  await page.goto(`/auctions/${auctionId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Time left")).toBeVisible();
  const panel = await openDevTools(page);
  const lifecycle = panel.getByRole("region", { name: `auction-lifecycle #${auctionId}` });
  await expect(lifecycle.getByTestId("machine-state")).toHaveText("running.live");
  // The page draws its phase from this very actor: moved past the auction's end here, the page reads 'Closing…'.
  await lifecycle.getByRole("combobox", { name: "Event" }).selectOption("clock.ticked");
  await lifecycle.getByRole("textbox", { name: /Payload/ }).fill(JSON.stringify({ nowMs: Date.now() + 3_600_000 }));
  await lifecycle.getByRole("button", { name: "Send" }).click();
  await expect(lifecycle.getByTestId("machine-state")).toHaveText("running.closing");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("region", { name: "Bidding" }).getByText("Closing…")).toBeVisible();
  await openDevTools(page);

  const actions = panel.getByRole("region", { name: "Operator actions" });
  await expect(actions.getByRole("textbox", { name: "Auction ID" })).toHaveValue(String(auctionId));
  await actions.getByRole("button", { name: "End now" }).click();
  await expect(actions.getByRole("status")).toHaveText(`Auction #${auctionId} is now Ended.`);
  await expect(lifecycle.getByTestId("machine-state")).toHaveText("ended");

  await page.keyboard.press("Escape");
  // The bidding panel says it; the true cost beside it says there was no winner too.
  const bidding = page.getByRole("region", { name: "Bidding" });
  await expect(bidding.getByText("Sold price")).toBeVisible();
  await expect(bidding.getByText("Winner", { exact: true })).toBeVisible();
  await expect(bidding.getByText("No winner", { exact: true })).toBeVisible();
  await expect(page.getByText("Time left")).toHaveCount(0);
});
