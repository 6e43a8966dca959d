// SPEC.md §7: Home's searches are cached per status with no refetch on mount, and the cards still follow the live feed
// (decision 085).
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { inEnglish, operatorSession, xhr } from "./support";

async function listAuction(operator: APIRequestContext, title: string, startsInSeconds: number): Promise<number> {
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title,
      images: ["/products/headphones.svg"],
      initialSeconds: 600,
      resetSeconds: 20,
      startsInSeconds,
      entryFeeCents: 100,
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** How many times the page has asked each status's search. */
function countSearches(page: Page): Record<string, number> {
  const counts: Record<string, number> = {};
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/api/auctions/search")) return;
    const { status } = request.postDataJSON() as { status: string };
    counts[status] = (counts[status] ?? 0) + 1;
  });
  return counts;
}

test("Home asks each section's search once, asks nothing when the bidder comes back, and its cards stay live", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const operator = await operatorSession(browser);
  const tag = `Qf${Date.now().toString(36)}`;
  const lampId = await listAuction(operator, `${tag} lamp`, 3600);
  const vaseId = await listAuction(operator, `${tag} vase`, 3660);
  const kettleId = await listAuction(operator, `${tag} kettle`, 3720);
  await inEnglish(page);
  const searches = countSearches(page);

  // Searched (so only this test's auctions show, and the page's own first screen does not apply): each list is read.
  await page.goto(`/?q=${tag}`);
  const soon = page.getByRole("region", { name: /^Starting soon/ });
  await expect(soon.getByRole("article")).toHaveCount(3);
  await expect(page.getByRole("region", { name: /^Running auctions/ }).getByText("No auctions match your search.")).toBeVisible();
  await expect(page.getByRole("region", { name: /^Ended auctions/ }).getByText("No auctions match your search.")).toBeVisible();
  // A change the live feed brings: by the time it shows, the sections are watched, and any read again would be asked.
  expect((await operator.post(`/api/operator/auctions/${lampId}/cancel`, { headers: xhr })).status()).toBe(200);
  await expect(soon.getByRole("article")).toHaveCount(2);
  expect(searches).toEqual({ Running: 1, Waiting: 1, Ended: 1 });

  // To an auction's page and back, within the ten minutes the lists stay fresh: nothing is asked again, and what
  // changed meanwhile shows all the same (the lists kept following the feed).
  await soon.getByRole("link", { name: `${tag} vase` }).click();
  await expect(page).toHaveURL(new RegExp(`/auctions/${vaseId}$`));
  await expect(page.getByRole("heading", { name: `${tag} vase` })).toBeVisible();
  expect((await operator.post(`/api/operator/auctions/${vaseId}/cancel`, { headers: xhr })).status()).toBe(200);
  await page.goBack();
  await expect(soon.getByRole("article")).toHaveCount(1);
  await expect(soon.getByRole("article", { name: `${tag} kettle` })).toBeVisible();
  // And they follow it on.
  expect((await operator.post(`/api/operator/auctions/${kettleId}/cancel`, { headers: xhr })).status()).toBe(200);
  await expect(soon.getByText("No auctions match your search.")).toBeVisible();
  expect(searches).toEqual({ Running: 1, Waiting: 1, Ended: 1 });
});
