// The dev panel on a 390×844 touch screen (decision 080): a visitor never sees it; a tester who asked with ?devtools
// finds it in the slide-out menu, so it covers neither the auction's sticky bid panel nor the menu's own items, and
// drives the auction's state from it as on a desktop.
import { expect, test, type Page } from "./fixtures";
import { inEnglish, operatorSession, publishedAuction, spaTakenOver, visitorIp } from "./support";

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const isInside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** The boxes of the Dev tools buttons the page draws (a hidden one, in the sidebar that only a wide screen shows, has none). */
async function drawnDevToolsButtons(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("button")]
      .filter((button) => button.textContent?.trim() === "Dev tools")
      .map((button) => button.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0)
      .map(({ x, y, width, height }) => ({ x, y, width, height })),
  );
}

/** Opens a page and waits until the SPA has it and the user's answer is drawn: the panel's rule has decided by then. */
async function openSettled(page: Page, url: string) {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/authn/user");
  await page.goto(url);
  await answered;
  await spaTakenOver(page);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
}

test("a visitor on a phone sees no Dev tools: not on Home, not by an auction's bid panel, not in the menu", async ({ browser, page }) => {
  const auctionId = await publishedAuction(await operatorSession(browser), `Phone visitor lamp ${Date.now().toString(36)}`, {
    retailValueCents: 2500,
  });
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": visitorIp() });
  await inEnglish(page);
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));

  await openSettled(page, "/");
  expect(await drawnDevToolsButtons(page)).toEqual([]);

  await openSettled(page, `/auctions/${auctionId}`);
  await expect(page.getByRole("region", { name: "Bidding" })).toBeVisible();
  expect(await drawnDevToolsButtons(page)).toEqual([]);
  await page.getByRole("button", { name: /^Open menu/ }).tap();
  const menu = page.getByRole("dialog", { name: "Main navigation" });
  await expect(menu.getByRole("link", { name: "Home" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Dev tools" })).toHaveCount(0);
  // Nor was the panel's code loaded, or anything asked of it.
  expect(requests.filter((url) => /\/assets\/DevTools[-.]/.test(url) || new URL(url).pathname.startsWith("/dev/"))).toEqual([]);
});

test("a tester on a phone finds Dev tools in the slide-out menu, never over the bid panel, and drives the auction from it", async ({
  browser,
  page,
}) => {
  const title = `Phone tester lamp ${Date.now().toString(36)}`;
  const auctionId = await publishedAuction(await operatorSession(browser), title, { retailValueCents: 2500 });
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": visitorIp() });
  await inEnglish(page);
  await openSettled(page, `/auctions/${auctionId}?devtools`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const bidding = page.getByRole("region", { name: "Bidding" });
  await expect(bidding.getByText("Time left")).toBeVisible();
  // The panel is shown here (its button is in the sidebar, which a phone does not draw)…
  await expect(page.locator("aside").getByRole("button", { name: "Dev tools", includeHidden: true })).toHaveCount(1);

  // …yet nothing of it lies over the page: the sticky bid panel at the top of the page and scrolled to the bottom.
  for (const scroll of ["top", "bottom"] as const) {
    await page.evaluate((where) => window.scrollTo(0, where === "top" ? 0 : document.body.scrollHeight), scroll);
    const panelBox = await bidding.boundingBox();
    expect(panelBox, `the bid panel is on screen (${scroll})`).toBeTruthy();
    const buttons = await drawnDevToolsButtons(page);
    expect(
      buttons.filter((box) => overlaps(box, panelBox!)),
      scroll,
    ).toEqual([]);
    expect(buttons, `no Dev tools button drawn outside the menu (${scroll})`).toEqual([]);
  }

  // In the slide-out menu, in its flow: inside the menu, over none of its items.
  await page.getByRole("button", { name: /^Open menu/ }).tap();
  const menu = page.getByRole("dialog", { name: "Main navigation" });
  const opener = menu.getByRole("button", { name: "Dev tools" });
  await expect(opener).toBeVisible();
  const openerBox = (await opener.boundingBox())!;
  expect(isInside(openerBox, (await menu.boundingBox())!)).toBe(true);
  const items = await menu.evaluate((element) =>
    [...element.querySelectorAll("a, button")]
      .filter((item) => item.textContent?.trim() !== "Dev tools")
      .map((item) => ({ name: item.getAttribute("aria-label") ?? item.textContent?.trim() ?? "", box: item.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .map(({ name, box }) => ({ name, box: { x: box.x, y: box.y, width: box.width, height: box.height } })),
  );
  expect(items.length, "the menu's items were measured").toBeGreaterThan(5);
  expect(items.filter(({ box }) => overlaps(box, openerBox)).map(({ name }) => name)).toEqual([]);

  // The menu gives way to the drawer: one overlay at a time.
  await opener.tap();
  const panel = page.getByRole("dialog", { name: "Dev tools" });
  await expect(panel).toBeVisible();
  await expect(menu).toBeHidden();
  const lifecycle = panel.getByRole("region", { name: `auction-lifecycle #${auctionId}` });
  await expect(lifecycle.getByTestId("machine-state")).toHaveText("running.live");
  await lifecycle.getByRole("combobox", { name: "Event" }).selectOption("clock.ticked");
  await lifecycle.getByRole("textbox", { name: /Payload/ }).fill(JSON.stringify({ nowMs: Date.now() + 3_600_000 }));
  await lifecycle.getByRole("button", { name: "Send" }).tap();
  await expect(lifecycle.getByTestId("machine-state")).toHaveText("running.closing");
  await panel.getByRole("button", { name: "Close" }).tap();
  await expect(panel).toBeHidden();
  await expect(bidding.getByText("Closing…")).toBeVisible();
});
