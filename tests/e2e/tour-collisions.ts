// Issue 52 item 1: a guided tour never draws over what the user has open (decision 082). The collisions a new bidder
// met, played on the device of the spec that registers them (tours-collision.spec.ts on a desktop,
// tours-collision.phone.spec.ts on a 390×844 touch phone): the Add funds dialog, "You won!", the settings menu, each
// open when the main tour comes due; and an outbid toast arriving over the running tour.
//
// How "the tour came due" is made certain: the main tour's saved progress is held back until the dialog or menu is
// open (as a slow network holds it), then let through; Playwright's clock then runs everything the page had due (the
// tour's 500 ms delay twice over), so "no tour card" is a fact, not a sleep's hope.
import { expect, test, type APIRequestContext, type Locator, type Page } from "./fixtures";
import { holdRequests, inEnglish, operatorSession, signedInPage, signUpThroughMailbox, winAuction, xhr } from "./support";

const isPhone = () => test.info().project.name === "phone";

/** The device of the running project, for the extra contexts a test opens itself. */
function device() {
  const { viewport, screen, isMobile, hasTouch, userAgent, deviceScaleFactor } = test.info().project.use;
  return { viewport, screen, isMobile, hasTouch, userAgent, deviceScaleFactor };
}

/** A tap on a phone, a click on a desktop. */
const press = (locator: Locator) => (isPhone() ? locator.tap() : locator.click());

/** A new bidder, signed up and confirmed through the mailbox, whose main tour is still to come (the menus' are seen). */
async function newBidder(page: Page): Promise<string> {
  await inEnglish(page);
  const bidder = await signUpThroughMailbox(page, "clash");
  for (const tourName of ["AccountPopover", "SettingsPopover"]) {
    const saved = await page.request.put("/api/users/tour-progress", {
      headers: xhr,
      data: { tourName, currentStep: 0, isCompleted: true },
    });
    expect(saved.status()).toBe(200);
  }
  return bidder.displayName;
}

async function credit(operator: APIRequestContext, displayName: string, amountCents: number) {
  const answer = await operator.post(`/api/operator/users/${displayName}/wallet`, {
    headers: xhr,
    data: { amountCents, reason: "E2E starting balance" },
  });
  expect(answer.status()).toBe(200);
}

const mainTourProgress = /\/api\/users\/tour-progress\/MainPage$/;

async function savedMainTour(page: Page) {
  return (await (await page.request.get("/api/users/tour-progress/MainPage", { headers: xhr })).json()) as unknown;
}

/** Everything the page had due in the next 2 s has run, twice over (see tours.spec.ts). Needs the clock installed. */
async function afterPageTimers(page: Page) {
  await page.clock.runFor(2000);
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  await page.clock.runFor(2000);
}

/** What is on top at the centre of `locator`: the element itself (or its content), not something covering it. */
function isOnTopAtCentre(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
}

/**
 * Home, with the main tour's progress held until `openIt` has opened what the user opens; then the tour comes due
 * and must wait: no card, and `control` (the dialog's or menu's own) still on top and answering.
 */
async function tourComesDueOver(page: Page, openIt: () => Promise<void>, control: Locator) {
  await page.clock.install();
  const progress = await holdRequests(page, mainTourProgress);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Live penny auctions" })).toBeVisible();
  await openIt();
  await expect.poll(progress.held).toBeGreaterThan(0);
  const answered = page.waitForResponse(mainTourProgress);
  await progress.release();
  await answered;
  await afterPageTimers(page);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  expect(await isOnTopAtCentre(control), "the open dialog's or menu's control is not covered").toBe(true);
}

/** Once what was open has closed, the main tour starts at its welcome, and nothing saved it as completed. */
async function tourStartsAfter(page: Page) {
  await expect(page.getByRole("alertdialog", { name: "Welcome to Pennybid!" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("alertdialog", { name: "Welcome to Pennybid!" })).toContainText(/1 of \d+/);
  await expect.poll(() => savedMainTour(page)).toEqual({ tourName: "MainPage", currentStep: 0, isCompleted: false });
}

/** The spec's device: a phone closes a dialog with its Close button, a desktop with Escape (the trap). */
async function closeDialog(page: Page, dialog: Locator) {
  if (isPhone()) await press(dialog.getByRole("button", { name: "Close", exact: true }).last());
  else await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

export function tourCollisionTests() {
  test("the main tour waits while Add funds is open: the amount stays, Pay answers, closing the dialog leaves the tour unseen", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await newBidder(page);
    const addFunds = page.getByRole("dialog", { name: "Add funds" });
    await tourComesDueOver(
      page,
      async () => {
        await press(page.getByRole("button", { name: "Account menu" }));
        await press(page.getByRole("dialog", { name: "Account menu" }).getByRole("button", { name: "Add funds" }));
        await addFunds.getByLabel("Amount").fill("5");
      },
      addFunds.getByRole("button", { name: "Pay" }),
    );
    await expect(addFunds.getByLabel("Amount")).toHaveValue("5");
    await expect(addFunds.getByRole("button", { name: "Pay" })).toBeEnabled();
    await closeDialog(page, addFunds);
    await tourStartsAfter(page);
  });

  test("the main tour waits while 'You won!' is open: Pay now answers, closing it leaves the tour unseen", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const displayName = await newBidder(page);
    const operator = await operatorSession(browser);
    await credit(operator, displayName, 500);
    await winAuction(operator, page, `Tour clash ${Date.now().toString(36)}`);
    const won = page.getByRole("dialog", { name: "You won!" });
    await tourComesDueOver(page, () => expect(won).toBeVisible({ timeout: 20_000 }), won.getByRole("button", { name: "Pay now" }));
    await closeDialog(page, won);
    await tourStartsAfter(page);
  });

  test("the main tour waits while the settings menu is open: its switches answer, closing it leaves the tour unseen", async ({ page }) => {
    test.setTimeout(180_000);
    await newBidder(page);
    const settings = page.getByRole("dialog", { name: "Settings" });
    const bidSound = settings.getByRole("switch", { name: "Bid sound" });
    // What a finger lands on: the switch's label (its input is visually hidden under the drawn track).
    const bidSoundLabel = settings.getByText("Bid sound", { exact: true });
    await tourComesDueOver(
      page,
      async () => {
        await press(page.getByRole("button", { name: "Settings" }));
        await expect(settings).toBeVisible();
      },
      bidSoundLabel,
    );
    // The menu answers: its switch turns at the first tap.
    const wasOn = await bidSound.isChecked();
    await press(bidSoundLabel);
    await expect(bidSound).toBeChecked({ checked: !wasOn });
    if (isPhone()) await press(page.getByRole("button", { name: "Settings" }));
    else await page.keyboard.press("Escape");
    await expect(settings).toBeHidden();
    await tourStartsAfter(page);
  });

  test("an outbid toast over the running tour can be tapped: its Close and its link answer", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const displayName = await newBidder(page);
    const operator = await operatorSession(browser);
    const { page: rival, displayName: rivalName } = await signedInPage(browser, "Otto", device());
    for (const name of [displayName, rivalName]) await credit(operator, name, 500);
    const title = `Tour outbid ${Date.now().toString(36)}`;
    const created = await operator.post("/api/operator/auctions", {
      headers: xhr,
      data: {
        title,
        images: ["/products/speaker.svg"],
        entryFeeCents: 50,
        retailValueCents: 4900,
        initialSeconds: 600,
        resetSeconds: 20,
        startsInSeconds: 0,
        publish: true,
      },
    });
    expect(created.status()).toBe(201);
    const auctionId = ((await created.json()) as { id: number }).id;
    const bid = (bidder: Page) =>
      expect
        .poll(async () => (await bidder.request.post(`/api/auctions/${auctionId}/bids`, { headers: xhr })).status(), { timeout: 15_000 })
        .toBe(200);
    for (const bidder of [page, rival])
      expect((await bidder.request.post(`/api/auctions/${auctionId}/enrol`, { headers: xhr })).status()).toBe(200);
    await bid(page);

    await page.goto("/");
    const welcome = page.getByRole("alertdialog", { name: "Welcome to Pennybid!" });
    await expect(welcome).toBeVisible({ timeout: 20_000 });
    await bid(rival);
    const toast = page.getByRole("status").filter({ hasText: `You have been outbid on “${title}”.` });
    await expect(toast).toBeVisible();
    const link = toast.getByRole("link", { name: "Open the auction" });
    expect(await isOnTopAtCentre(link), "the toast's link is not under the tour's overlay").toBe(true);
    expect(await isOnTopAtCentre(toast.getByRole("button", { name: "Close" })), "the toast's Close is not under the tour's overlay").toBe(
      true,
    );
    await press(link);
    await expect(page).toHaveURL(new RegExp(`/auctions/${auctionId}$`));
    // Away from home the tour waits for the user's return; nothing saved it as completed.
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect(await savedMainTour(page)).toMatchObject({ isCompleted: false });
    await rival.context().close();
  });
}

/** The seeded operator, on the bidders' home with the main tour not yet seen: no tour, ever. */
export function operatorTourTest() {
  test("an operator on the bidders' home gets no tour", async ({ browser }) => {
    test.setTimeout(120_000);
    const operator = await operatorSession(browser);
    const page = await (await browser.newContext({ ...device() })).newPage();
    await inEnglish(page);
    await page.clock.install();
    const signIn = await page.request.post("/authn/sign-in", {
      headers: xhr,
      data: { email: "operator@pennybid.lv", password: "Operator1!" },
    });
    expect(signIn.status()).toBe(200);
    const due = await page.request.put("/api/users/tour-progress", {
      headers: xhr,
      data: { tourName: "MainPage", currentStep: 0, isCompleted: false },
    });
    expect(due.status()).toBe(200);
    try {
      await page.goto("/");
      await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
      await afterPageTimers(page);
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
    } finally {
      await operator.put("/api/users/tour-progress", { headers: xhr, data: { tourName: "MainPage", currentStep: 0, isCompleted: true } });
    }
  });
}
