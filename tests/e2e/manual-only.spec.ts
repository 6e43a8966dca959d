// An operator switches a running auction to manual-only (decision 101) in the back office: the auto-bid a bidder set
// is removed, and the bidder's open page, live, says "Manual bids only", no longer offers the auto-bid and says that
// theirs was removed.
import { expect, test } from "./fixtures";
import { operatorPage, publishedAuction, signedInPage, xhr } from "./support";

test("the switch to manual-only removes the bidder's auto-bid and their open page follows it", async ({ browser }) => {
  const office = await operatorPage(browser);
  const title = `Switched kettle ${Date.now().toString(36)}`;
  const auctionId = await publishedAuction(office.request, title);
  const { page, displayName } = await signedInPage(browser, "Auto");
  expect((await page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);

  // The bidder sets an auto-bid on the page.
  await page.goto(`/auctions/${auctionId}`);
  await expect(page.getByRole("region", { name: "Bidding" }).getByRole("slider", { name: "Bid €0.01" })).toBeVisible();
  await page.getByLabel("Maximum price (€)").fill("3");
  await page.getByRole("button", { name: "Set auto-bid" }).click();
  await expect(page.getByText("Auto-bid is on, up to €3.00")).toBeVisible();

  // The operator sees it, switches, and the page lists the rule instead.
  await office.goto(`/operator/auctions/${auctionId}`);
  const autoBids = office.getByRole("region", { name: "Auto-bids (1)" });
  await expect(autoBids).toContainText(displayName);
  await office.getByRole("button", { name: "Make manual-only" }).click();
  const dialog = office.getByRole("dialog", { name: "Make this auction manual-only?" });
  await expect(dialog).toContainText("The auto-bids set now are removed: 1.");
  await dialog.getByRole("button", { name: "Make manual-only" }).click();
  await expect(office.getByRole("region", { name: "Auto-bids (0)" })).toContainText("No bidder has an auto-bid set.");
  await expect(office.getByRole("region", { name: "Settings" })).toContainText("Manual bids only");
  await expect(office.getByRole("button", { name: "Make manual-only" })).toHaveCount(0);

  // The bidder's page follows the feed: the badge comes, the auto-bid goes, and the page says why (decision 111).
  const panel = page.getByRole("region", { name: "Bidding" });
  await expect(panel.getByText("Manual bids only")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Auto-bid" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: `Your auto-bid on “${title}” was removed` })).toBeVisible();

  // The card on Home says it too.
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search auctions" }).fill(title);
  await expect(page.getByRole("article", { name: title }).getByText("Manual bids only")).toBeVisible();

  // The audit log names the switch and what it removed.
  await office.goto(`/operator/audit?subject=${encodeURIComponent(`auction:${auctionId}`)}`);
  const logged = office.getByRole("list", { name: "Logged actions" });
  await expect(logged.getByText("Made manual-only")).toBeVisible();
  await expect(logged).toContainText("Auto-bids removed");
});
