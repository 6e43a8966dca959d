// The routes the accessibility specs (desktop and phone) walk with axe, and the data they need: every screen of
// SPEC.md §2 that a visitor or a signed-in bidder can open, and the operators' back office, in light and dark.
import { expect, test, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from "./fixtures";
import { colourRules, expectNoSeriousViolations } from "./axe";
import { completeGuidedTours, inEnglish, operatorSession, signedInPage, visitorIp } from "./support";

const xhr = { "X-Requested-With": "XMLHttpRequest" };

export const colorSchemes = ["light", "dark"] as const;

/**
 * Light gets every WCAG rule; dark, the same markup in other colours, only the colour rules (a third of the time, and
 * no rule's outcome is left unread: the others cannot change with the scheme).
 */
const rulesFor = (colorScheme: (typeof colorSchemes)[number]) => (colorScheme === "dark" ? colourRules : undefined);

/** A page and the level-1 heading that says it has drawn. */
export type RouteToCheck = { path: string; heading: string | RegExp };

/** The first public auction of each state the seeded demo data has. */
export async function seededAuctionRoutes(request: APIRequestContext): Promise<RouteToCheck[]> {
  const routes: RouteToCheck[] = [];
  for (const status of ["Running", "Waiting", "Ended"] as const) {
    const answer = await request.post("/api/auctions/search", { headers: xhr, data: { status, pageSize: 1 } });
    const { items } = (await answer.json()) as { items: { id: number; title: string }[] };
    const [auction] = items;
    expect(auction, `a seeded ${status} auction`).toBeDefined();
    if (auction) routes.push({ path: `/auctions/${auction.id}`, heading: auction.title });
  }
  return routes;
}

export const signedOutRoutes: RouteToCheck[] = [
  { path: "/", heading: "Live penny auctions" },
  { path: "/privacy-policy", heading: "Privacy policy" },
  { path: "/terms-of-service", heading: "Terms of service" },
  { path: "/contacts", heading: "Contacts" },
  { path: "/faq", heading: "Frequently asked questions" },
  { path: "/winners", heading: "Winners' reviews" },
  { path: "/sign-in", heading: "Sign in" },
  { path: "/sign-up", heading: "Sign up" },
  { path: "/forgot-password", heading: "Forgot password" },
  { path: "/forgot-password/sent", heading: "Check your e-mail" },
  // A link's token is checked when the form is sent: the page itself always draws.
  { path: "/reset-password?token=axe", heading: "Reset password" },
  { path: "/confirm-email/sent", heading: "E-mail confirmation sent" },
  { path: "/confirm-email/failed", heading: "E-mail confirmation failed" },
  { path: "/404", heading: "Page not found" },
];

export const signedInRoutes: RouteToCheck[] = [
  { path: "/", heading: "Live penny auctions" },
  { path: "/profile", heading: "Profile" },
  { path: "/favourites", heading: "Favourites" },
  { path: "/auctions/won", heading: "Won auctions" },
  { path: "/auctions/my-active", heading: "My active auctions" },
  { path: "/wallet", heading: "Wallet" },
  { path: "/payments/success", heading: /Payment/ },
  { path: "/payments/failed", heading: /Payment/ },
  { path: "/payments/canceled", heading: /Payment/ },
];

/** The page's theme (System by default) follows the emulated colour scheme, live, as it follows the device's. */
async function showIn(page: Page, colorScheme: (typeof colorSchemes)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect(page.locator("html"), "the theme follows the system").toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/**
 * Opens each route and runs axe on it in light, then switches the device to dark in place (the page follows it
 * without a reload) and reads it again with the colour rules.
 */
export async function expectRoutesAccessible(page: Page, routes: RouteToCheck[]): Promise<void> {
  for (const route of routes) {
    await showIn(page, "light");
    await page.goto(route.path);
    await expect(page.getByRole("heading", { level: 1, name: route.heading }), route.path).toBeVisible();
    // Lists and figures arrive after the heading: axe should see the page as the bidder does.
    await page.waitForLoadState("networkidle");
    for (const colorScheme of colorSchemes) {
      await showIn(page, colorScheme);
      await expectNoSeriousViolations(page, `${route.path} (${colorScheme})`, { rules: rulesFor(colorScheme) });
    }
  }
}

/** A menu or dialog, opened by pressing the named buttons in turn on `path`; `device` when only one has it. */
export type LayerToCheck = { path: string; press: string[]; dialog: string; device?: "phone" | "desktop" };

const languageMenu: LayerToCheck = { path: "/", press: ["Change language"], dialog: "Language" };
const settingsMenu: LayerToCheck = { path: "/", press: ["Settings"], dialog: "Settings" };
const mobileMenu: LayerToCheck = { path: "/", press: ["Open menu"], dialog: "Main navigation", device: "phone" };

// A visitor's phone header has no room for the settings button: settings sit in the slide-out menu there.
export const signedOutLayers: LayerToCheck[] = [languageMenu, { ...settingsMenu, device: "desktop" }, mobileMenu];

export const signedInLayers: LayerToCheck[] = [
  languageMenu,
  settingsMenu,
  mobileMenu,
  { path: "/", press: ["Account menu"], dialog: "Account menu" },
  { path: "/wallet", press: ["Account menu", "Add funds"], dialog: "Add funds" },
];

/** Opens each menu and dialog and runs axe on it with it open, in light and then in dark. */
export async function expectLayersAccessible(page: Page, layers: LayerToCheck[], device: "phone" | "desktop"): Promise<void> {
  for (const layer of layers.filter((l) => (l.device ?? device) === device)) {
    await showIn(page, "light");
    await page.goto(layer.path);
    await page.waitForLoadState("networkidle");
    let scope = page.locator("body");
    for (const name of layer.press) {
      await scope.getByRole("button", { name }).first().click();
      scope = page.getByRole("dialog").last();
    }
    const dialog = page.getByRole("dialog", { name: layer.dialog });
    await expect(dialog, `${layer.press.join(" → ")} on ${layer.path}`).toBeVisible();
    for (const colorScheme of colorSchemes) {
      await showIn(page, colorScheme);
      // The page behind was read on its own (the route walk): here only what the menu or dialog adds.
      await expectNoSeriousViolations(page, `${layer.dialog} on ${layer.path} (${colorScheme})`, {
        rules: rulesFor(colorScheme),
        within: "[role=dialog]",
      });
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
}

/** A visitor's page on the given device, in English. */
export async function signedOutPage(browser: Browser, contextOptions: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...contextOptions, extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });
  const page = await context.newPage();
  await inEnglish(page);
  return page;
}

/**
 * A new bidder with something on every signed-in page: a won, unpaid auction (the pay form and stepper), an
 * enrolment in a running one, a favourite and wallet entries.
 */
export async function bidderWithHistory(
  browser: Browser,
  contextOptions: BrowserContextOptions = {},
): Promise<{ page: Page; runningAuction: RouteToCheck }> {
  const operator = await operatorSession(browser);
  const { page, displayName } = await signedInPage(browser, "Axe", contextOptions);
  const credit = await operator.post(`/api/operator/users/${displayName}/wallet`, {
    headers: xhr,
    data: { amountCents: 500, reason: "E2E starting balance" },
  });
  expect(credit.status()).toBe(200);
  const create = async (title: string) => {
    const created = await operator.post("/api/operator/auctions", {
      headers: xhr,
      data: {
        title,
        images: ["/products/headphones.svg"],
        entryFeeCents: 10,
        startPriceCents: 249,
        initialSeconds: 600,
        resetSeconds: 20,
        startsInSeconds: 0,
        publish: true,
      },
    });
    expect(created.status()).toBe(201);
    const auctionId = ((await created.json()) as { id: number }).id;
    expect((await page.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
    return auctionId;
  };
  const tag = Date.now().toString(36);
  const wonId = await create(`Axe headphones ${tag}`);
  // The lifecycle starts it on its next tick.
  await expect.poll(async () => (await page.request.post(`/api/auctions/${wonId}/bids`, { headers: xhr })).status()).toBe(200);
  expect((await operator.post(`/api/operator/auctions/${wonId}/end-now`, { headers: xhr })).status()).toBe(200);
  // Seen, so the 'You won!' dialog (checked in the phone journey) does not stand over every page checked here.
  expect((await page.request.post(`/api/fulfilments/${wonId}/seen`, { headers: xhr })).status()).toBe(200);
  const activeTitle = `Axe speaker ${tag}`;
  const activeId = await create(activeTitle);
  expect((await page.request.put(`/api/favourites/${activeId}`, { headers: xhr, data: { isFavourite: true } })).status()).toBe(200);
  // Its page shows the bid slider (the bidder is enrolled and not leading).
  return { page, runningAuction: { path: `/auctions/${activeId}`, heading: activeTitle } };
}

/**
 * The seeded operator's page with something on every back-office screen: a waiting auction with an enrolment (its
 * page offers every action of a waiting auction), a bidder with wallet entries (and so audit log lines) and a promo
 * code; the demo seed's won auctions fill the fulfilment queue.
 */
export async function operatorWithData(
  browser: Browser,
  contextOptions: BrowserContextOptions = {},
): Promise<{ page: Page; routes: RouteToCheck[]; layers: LayerToCheck[] }> {
  const { page: bidderPage, displayName } = await signedInPage(browser, "Axeop", contextOptions);
  const context = await browser.newContext({ ...contextOptions, extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });
  const page = await context.newPage();
  await inEnglish(page);
  expect(
    (await page.request.post("/authn/sign-in", { headers: xhr, data: { email: "operator@pennybid.lv", password: "Operator1!" } })).status(),
  ).toBe(200);
  await completeGuidedTours(page.request);
  const credit = await page.request.post(`/api/operator/users/${displayName}/wallet`, {
    headers: xhr,
    data: { amountCents: 300, reason: "E2E starting balance" },
  });
  expect(credit.status()).toBe(200);
  const userId = ((await credit.json()) as { id: string }).id;
  const title = `Axe back office lamp ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/operator/auctions", {
    headers: xhr,
    data: {
      title,
      images: ["/products/speaker.svg"],
      entryFeeCents: 50,
      retailValueCents: 2500,
      initialSeconds: 300,
      resetSeconds: 20,
      startsInSeconds: 3600,
      publish: true,
    },
  });
  expect(created.status()).toBe(201);
  const auctionId = ((await created.json()) as { id: number }).id;
  expect((await bidderPage.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
  await bidderPage.context().close();
  // A promo code to list and to open the Disable dialog of (the seed's queue has wins in every state).
  const promoCode = `AXE${Date.now().toString(36).toUpperCase()}`;
  expect(
    (
      await page.request.post("/api/operator/promo-codes", {
        headers: xhr,
        data: { code: promoCode, kind: "percent", amount: 10, maxUses: 5 },
      })
    ).status(),
  ).toBe(201);
  const auctionPath = `/operator/auctions/${auctionId}`;
  return {
    page,
    routes: [
      { path: "/operator", heading: "Overview" },
      { path: "/operator/auctions?status=Waiting", heading: "Auctions" },
      { path: "/operator/auctions/new", heading: "New auction" },
      { path: auctionPath, heading: title },
      { path: "/operator/users", heading: "Users" },
      { path: `/operator/users/${userId}`, heading: displayName },
      { path: "/operator/fulfilments", heading: "Fulfilment queue" },
      { path: "/operator/fulfilments?state=AwaitingPayment", heading: "Fulfilment queue" },
      { path: "/operator/promo-codes", heading: "Promo codes" },
      { path: "/operator/reviews", heading: "Reviews" },
      { path: "/operator/payouts", heading: "Payouts" },
      { path: "/operator/payouts?status=settled", heading: "Payouts" },
      { path: "/operator/audit", heading: "Audit log" },
      { path: "/operator/system", heading: "System" },
    ],
    layers: [
      { path: auctionPath, press: ["Start now"], dialog: "Start this auction now?" },
      { path: auctionPath, press: ["Cancel auction"], dialog: "Cancel this auction?" },
      { path: "/operator/promo-codes", press: [`Disable ${promoCode}`], dialog: `Disable ${promoCode}?` },
      { path: `/operator/users/${userId}`, press: ["Sign out everywhere"], dialog: "Sign out everywhere" },
    ],
  };
}

/**
 * The axe walk as tests, one per audience, colour scheme and kind (pages, then open menus and dialogs), so that each
 * stays within its time on a busy machine and a failure names its part. `device` picks the layers only one device has.
 */
export function describeAccessibilityWalk(device: "phone" | "desktop", contextOptions: () => BrowserContextOptions = () => ({})): void {
  test("a visitor's pages have no serious or critical accessibility violation, light and dark", async ({ browser }) => {
    // Some twenty pages, each read by axe twice: minutes on a busy two-core machine.
    test.setTimeout(600_000);
    const page = await signedOutPage(browser, contextOptions());
    await expectRoutesAccessible(page, [...signedOutRoutes, ...(await seededAuctionRoutes(page.request))]);
  });
  test("a bidder's pages have no serious or critical accessibility violation, light and dark", async ({ browser }) => {
    test.setTimeout(600_000);
    const { page, runningAuction } = await bidderWithHistory(browser, contextOptions());
    await expectRoutesAccessible(page, [...signedInRoutes, runningAuction]);
  });
  test("a visitor's open menus have no serious or critical accessibility violation, light and dark", async ({ browser }) => {
    test.setTimeout(360_000);
    await expectLayersAccessible(await signedOutPage(browser, contextOptions()), signedOutLayers, device);
  });
  test("a bidder's open menus and dialogs have no serious or critical accessibility violation, light and dark", async ({ browser }) => {
    test.setTimeout(360_000);
    const { page } = await bidderWithHistory(browser, contextOptions());
    await expectLayersAccessible(page, signedInLayers, device);
  });
  test("an operator's back office, its pages and dialogs, has no serious or critical accessibility violation, light and dark", async ({
    browser,
  }) => {
    // Eleven screens and three dialogs, each read twice.
    test.setTimeout(840_000);
    const { page, routes, layers } = await operatorWithData(browser, contextOptions());
    await expectRoutesAccessible(page, routes);
    await expectLayersAccessible(page, layers, device);
  });
}
