// Issue 57 item 5 in the browser: the back office's System page shows the processes and follows a bid without a
// reload; the Users area finds a user without ever picking by chance (a name lists its matches with their e-mails, a
// whole e-mail opens the one user), shows the user's whole picture, and "Sign out everywhere" ends their sessions.
import { expect, test, type Page } from "./fixtures";
import { operatorPage, operatorSession, signedInPage, xhr } from "./support";

/** A figure's number on the System page, read from its card ("Bids a minute 12 …"). */
async function figure(page: Page, name: string): Promise<number> {
  const card = page.getByRole("list", { name: "The system in figures" }).getByRole("listitem").filter({ hasText: name });
  return Number((await card.locator("span").nth(1).textContent())?.trim());
}

/** Letters only, for a first name of its own. */
const letters = () => `Sys${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

test("the System page shows this process and its database, and follows a bid without a reload", async ({ browser }) => {
  const page = await operatorPage(browser);
  await page.goto("/operator");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "System" }).click();
  await expect(page).toHaveURL(/\/operator\/system$/);
  await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "System" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("list", { name: "The system in figures" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Database and Redis" })).toContainText("Embedded (PGlite)");
  await expect(page.getByRole("region", { name: "Database and Redis" })).toContainText("Working");
  await expect(page.getByRole("region", { name: "Background jobs" })).toContainText("Auction starts and ends");
  await expect(page.getByRole("region", { name: "Processes" }).getByRole("listitem").first()).toContainText("Answered this reading");
  expect(await figure(page, "Processes")).toBeGreaterThanOrEqual(1);

  // A bid placed elsewhere shows in "Bids a minute" on the open page, by itself: a reading taken after the bid counts
  // it. (Not "one more than before": other tests' bids leave the minute's window meanwhile.)
  const { page: bidder, displayName } = await signedInPage(browser, letters());
  const operator = await operatorSession(browser);
  expect(
    (
      await operator.post(`/api/operator/users/${displayName}/wallet`, {
        headers: xhr,
        data: { amountCents: 500, reason: "E2E starting balance" },
      })
    ).status(),
  ).toBe(200);
  const created = await operator.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title: `System bid ${Date.now().toString(36)}`,
      images: ["/products/headphones.svg"],
      initialSeconds: 600,
      resetSeconds: 20,
      startsInSeconds: 0,
      publish: true,
    },
  });
  const auctionId = ((await created.json()) as { id: number }).id;
  expect((await bidder.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  await expect.poll(async () => (await bidder.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status()).toBe(200);
  const readAt = page.getByText(/^Read at .*; next reading in 5 seconds\.$/);
  const readingBeforeTheBid = await readAt.textContent();
  await expect(readAt).not.toHaveText(readingBeforeTheBid ?? "", { timeout: 15_000 });
  expect(await figure(page, "Bids a minute")).toBeGreaterThanOrEqual(1);
});

test("the Users area finds a user unambiguously, shows their whole picture, and signs them out everywhere", async ({ browser }) => {
  const firstName = letters();
  const anna = await signedInPage(browser, firstName);
  const other = await signedInPage(browser, firstName);
  const page = await operatorPage(browser);
  await page.goto("/operator/users");
  const search = page.getByRole("searchbox", { name: "Search users" });

  // A name lists every match, each with e-mail and id, for the operator to choose.
  await search.fill(`${firstName} Kalns`);
  await search.press("Enter");
  await expect(page.getByText("Found: 2")).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(anna.email) })).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(other.email) })).toBeVisible();

  // A whole e-mail opens its one user at once.
  await search.fill(anna.email.toUpperCase());
  await search.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: anna.displayName })).toBeVisible();
  await expect(page).toHaveURL(/\/operator\/users\/[0-9a-f-]{36}$/);
  for (const name of [
    "Spend limits and pause",
    "Sessions",
    "Transactions",
    "Auctions entered",
    "Bids",
    "Wins",
    "Buy it now purchases",
    "Operators' log about this user",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Has not bid yet.")).toBeVisible();
  const sessions = page.getByRole("region", { name: "Sessions" });
  await expect(sessions).toContainText("Signed in on devices: 1");

  await sessions.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out everywhere" });
  await expect(dialog).toContainText(anna.email);
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText(`${anna.displayName} is signed out everywhere (sessions ended: 1).`)).toBeVisible();
  await expect(sessions).toContainText("Signed in on devices: 0");
  await expect(sessions.getByRole("button", { name: "Sign out everywhere" })).toBeDisabled();
  await expect(page.getByRole("region", { name: "Operators' log about this user" })).toContainText("Signed out everywhere");

  // Anna's page is signed out; the other user is not.
  expect(await (await anna.page.request.get("/authn/user", { headers: xhr })).json()).toMatchObject({ isAuthenticated: false });
  await anna.page.reload();
  await expect(anna.page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  expect(await (await other.page.request.get("/authn/user", { headers: xhr })).json()).toMatchObject({ isAuthenticated: true });
});
