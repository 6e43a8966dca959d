// Issue 52, item 4: the back office opens on an overview: running, starting soon, unpaid and to send, counted, each
// a link to the list it counts, and the counts follow what happens without a reload.
import { expect, test, type Page } from "./fixtures";
import { operatorPage, operatorSession, xhr } from "./support";

/** The number a count's link shows, read from its accessible name ("Starting soon 3"). */
async function countOf(page: Page, name: string): Promise<number> {
  const link = page.getByRole("list", { name: "Counts" }).getByRole("link", { name: new RegExp(`^${name} \\d+$`) });
  return Number((await link.textContent())?.match(/\d+$/)?.[0]);
}

test("the back office opens on an overview whose counts follow the auctions and link to their lists", async ({ browser }) => {
  const page = await operatorPage(browser);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("link", { name: "Back office", exact: true }).click();
  await expect(page).toHaveURL(/\/operator$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Overview" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const counts = page.getByRole("list", { name: "Counts" });
  for (const [name, href] of [
    ["Running", "/operator/auctions?status=Running"],
    ["Starting soon", "/operator/auctions?status=Waiting"],
    ["Unpaid", "/operator/fulfilments?state=AwaitingPayment"],
    ["To send", "/operator/fulfilments?state=PaymentReceived"],
  ] as const) {
    await expect(counts.getByRole("link", { name: new RegExp(`^${name} \\d+$`) })).toHaveAttribute("href", href);
  }

  // An auction published to start in an hour counts as starting soon at once, on the open page.
  const before = await countOf(page, "Starting soon");
  const operator = await operatorSession(browser);
  const title = `Overview clock ${Date.now().toString(36)}`;
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: { title, images: ["/products/headphones.svg"], initialSeconds: 600, resetSeconds: 60, startsInSeconds: 3600, publish: true },
  });
  expect(created.status()).toBe(201);
  await expect(counts.getByRole("link", { name: `Starting soon ${before + 1}`, exact: true })).toBeVisible();

  await counts.getByRole("link", { name: /^Starting soon \d+$/ }).click();
  await expect(page).toHaveURL(/\/operator\/auctions\?status=Waiting$/);
  await expect(page.getByRole("link", { name: new RegExp(title) })).toBeVisible();
});
