// Issue 19's "Done when" as one operator's day, in order: a draft with two pictures (reordered) in three languages →
// published → a bidder's page shows it in Latvian → the bidder's wallet credited with a reason, seen in the audit
// log → start now → the bid and an auto-bid arrive in the live view → end now → the winner pays while the fulfilment
// queue is open, and the win appears there live → In delivery → Delivered; a promo code created and disabled; the
// same bidder opening /operator gets the 404 page. The pieces have their own specs (operator.spec.ts,
// operator-office.spec.ts, auction-texts.spec.ts); this one plays them as one flow on one auction.
import { expect, test } from "./fixtures";
import { creditWallet, operatorPage, signedInPage, xhr } from "./support";

const PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const PIXEL_GIF = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

test("an operator takes an auction from draft to delivered, and keeps the books on the way", async ({ browser }) => {
  test.setTimeout(480_000);
  const tag = Date.now().toString(36);
  const texts = {
    English: { title: `Linen apron ${tag}`, description: "A linen apron with two pockets." },
    Latvian: { title: `Lina priekšauts ${tag}`, description: "Lina priekšauts ar divām kabatām." },
    Russian: { title: `Льняной фартук ${tag}`, description: "Льняной фартук с двумя карманами." },
  };
  // The bidder reads Latvian from the start: their own page and the 404 page; the operator reads English, the queue too.
  const bidder = await signedInPage(browser, "Journey", {}, "lv");
  const page = await operatorPage(browser);

  // A draft: three languages, two pictures put in the order the cards should show them.
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("link", { name: "Back office", exact: true }).click();
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Auctions" }).click();
  await page.getByRole("link", { name: "New draft" }).click();
  for (const [language, text] of Object.entries(texts)) {
    await page.getByLabel(`Title in ${language}`).fill(text.title);
    await page.getByLabel(`Description in ${language}`).fill(text.description);
  }
  await page.getByLabel("Add pictures").setInputFiles([
    { name: "apron.png", mimeType: "image/png", buffer: Buffer.from(PIXEL_PNG, "base64") },
    { name: "apron-back.gif", mimeType: "image/gif", buffer: Buffer.from(PIXEL_GIF, "base64") },
  ]);
  await expect(page.getByRole("img", { name: "Picture 2" })).toBeVisible();
  await page.getByRole("button", { name: "Move picture 2 earlier" }).click();
  await expect(page.getByRole("button", { name: "Move picture 1 later" })).toBeFocused();
  await page.getByLabel("Retail value (€)").fill("24.90");
  await page.getByLabel("Entry fee (€)").fill("0.50");
  await page.getByLabel("Initial timer (seconds)").fill("600");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: texts.English.title })).toBeVisible();
  // Stored by the server, in the chosen order.
  await expect(page.getByRole("img", { name: "Picture 1" })).toHaveAttribute("src", /^\/media\/[0-9a-f]{32}\.gif$/);
  await expect(page.getByRole("img", { name: "Picture 2" })).toHaveAttribute("src", /^\/media\/[0-9a-f]{32}\.png$/);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("main").getByText("Waiting", { exact: true })).toBeVisible();
  const auctionId = /\/operator\/auctions\/(\d+)$/.exec(page.url())?.[1];
  expect(auctionId).toBeDefined();
  const auctionPath = page.url();

  // The bidder's page shows it in Latvian.
  await bidder.page.goto(`/auctions/${auctionId}`);
  await expect(bidder.page.getByRole("heading", { level: 1, name: texts.Latvian.title })).toBeVisible();
  await expect(bidder.page.getByText(texts.Latvian.description)).toBeVisible();

  // The bidder's wallet, credited with a reason, and the credit in the audit log.
  const reason = `Welcome credit ${tag}`;
  await creditWallet(page, bidder.displayName, { euros: "10", reason, balance: "€10.00" });
  await page.getByRole("link", { name: "This user's audit log" }).click();
  const credit = page.getByRole("list", { name: "Logged actions" }).getByRole("listitem").filter({ hasText: reason });
  await expect(credit).toContainText("Wallet adjusted");
  await expect(credit).toContainText("(operator@pennybid.lv) · Back office");
  await expect(credit).toContainText("Amount: +€10.00");

  // Start now; the bidder enrols and bids, then sets an auto-bid: the live view shows each as it happens.
  await page.goto(auctionPath);
  await page.getByRole("button", { name: "Start now" }).click();
  await page.getByRole("dialog", { name: "Start this auction now?" }).getByRole("button", { name: "Start now" }).click();
  await expect(page.getByRole("button", { name: "End now" })).toBeVisible();
  expect((await bidder.page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Enrolments (1)" })).toBeVisible();
  expect((await bidder.page.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  const bids = page.getByRole("list", { name: "Latest bids, newest first" });
  await expect(bids.getByRole("listitem")).toHaveCount(1);
  await expect(bids.getByRole("listitem").first()).toContainText(bidder.displayName);
  await expect(page.getByText("Bids: 1. The chain verifies.")).toBeVisible();
  expect(
    (await bidder.page.request.put(`/api/auctions/${auctionId}/auto-bid`, { headers: xhr, data: { maxPriceCents: 100 } })).status(),
  ).toBe(200);
  await expect(page.getByRole("heading", { name: "Auto-bids (1)" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Auto-bids (1)" })).toContainText("up to €1.00");

  // End now: the bidder wins at €0.01.
  await page.getByRole("button", { name: "End now" }).click();
  const end = page.getByRole("dialog", { name: "End this auction now?" });
  await expect(end).toContainText(bidder.displayName);
  await end.getByRole("button", { name: "End now" }).click();
  await expect(page.getByRole("button", { name: "End now" })).toBeHidden();
  await expect(page.getByRole("term").filter({ hasText: /^Winner$/ })).toBeVisible();

  // The queue is open when the winner pays: the win arrives in To send by itself, in the operator's language (not
  // the winner's: decision 084).
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Fulfilment" }).click();
  await expect(page.getByRole("navigation", { name: "Fulfilment state" }).getByRole("link", { name: "To send" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const win = () => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: texts.English.title }) });
  await expect(page.getByRole("heading", { level: 1, name: "Fulfilment queue" })).toBeVisible();
  await expect(win()).toHaveCount(0);
  const paid = await bidder.page.request.post(`/api/fulfilments/${auctionId}/pay`, {
    headers: xhr,
    data: { deliveryAddress: "Tērbatas iela 14, Rīga, LV-1011", phone: "+371 26 555 014" },
  });
  expect(paid.status()).toBe(200);
  await expect(win()).toContainText("Tērbatas iela 14, Rīga, LV-1011");
  await win().getByRole("button", { name: "Mark as in delivery" }).click();
  await page.getByRole("dialog", { name: "Send this win?" }).getByRole("button", { name: "Mark as in delivery" }).click();
  await expect(win()).toHaveCount(0);
  await page.getByRole("link", { name: "In delivery" }).click();
  await win().getByRole("button", { name: "Mark as delivered" }).click();
  await page.getByRole("dialog", { name: "Mark this win as delivered?" }).getByRole("button", { name: "Mark as delivered" }).click();
  await expect(win()).toHaveCount(0);
  await page.getByRole("link", { name: "Delivered", exact: true }).click();
  await expect(win()).toContainText("Delivered on");

  // A promo code, created and then disabled.
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Promo codes" }).click();
  const code = `DAY${tag.toUpperCase()}`;
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByRole("radio", { name: "Fixed amount" }).check();
  await page.getByLabel("Amount off (€)").fill("1.50");
  await page.getByRole("button", { name: "Create code" }).click();
  const promo = page.getByRole("listitem", { name: code });
  await expect(promo).toContainText("€1.50 off");
  await expect(promo).toContainText("Active");
  await promo.getByRole("button", { name: `Disable ${code}` }).click();
  await page
    .getByRole("dialog", { name: `Disable ${code}?` })
    .getByRole("button", { name: "Disable" })
    .click();
  await expect(promo).toContainText("Disabled");
  // The audit log words its details: the fixed discount in euros, not cents.
  await page.goto(`/operator/audit?subject=${encodeURIComponent(`promo-code:${code}`)}`);
  await expect(
    page.getByRole("list", { name: "Logged actions" }).getByRole("listitem").filter({ hasText: "Promo code created" }),
  ).toContainText("Discount: €1.50 off");

  // The bidder who opens the back office gets the 404 page, in their language.
  await bidder.page.goto("/operator");
  await expect(bidder.page).toHaveURL(/\/404$/);
  await expect(bidder.page.getByRole("heading", { level: 1, name: "Lapa nav atrasta" })).toBeVisible();
});
