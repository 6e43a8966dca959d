import { expect, test } from "./fixtures";
import { inEnglish, spaTakenOver } from "./support";

const publicRoutes = [
  { path: "/", heading: "Live penny auctions" },
  { path: "/privacy-policy", heading: "Privacy policy" },
  { path: "/terms-of-service", heading: "Terms of service" },
  { path: "/contacts", heading: "Contacts" },
  { path: "/faq", heading: "Frequently asked questions" },
  { path: "/404", heading: "Page not found" },
  { path: "/auctions/999999", heading: "Auction" },
];

const protectedRoutes = [
  "/profile",
  "/payments/success",
  "/payments/failed",
  "/payments/canceled",
  "/favourites",
  "/auctions/won",
  "/auctions/my-active",
];

const authRoutes = [
  { path: "/sign-in", heading: "Sign in" },
  { path: "/sign-up", heading: "Sign up" },
  { path: "/forgot-password", heading: "Forgot password" },
  { path: "/forgot-password/sent", heading: "Check your e-mail" },
  { path: "/reset-password", heading: "Reset password" },
  { path: "/confirm-email/failed", heading: "E-mail confirmation failed" },
  { path: "/confirm-email/sent", heading: "E-mail confirmation sent" },
  { path: "/confirm-email/success", heading: "E-mail confirmed" },
];

test.describe("an anonymous visitor", () => {
  test.beforeEach(async ({ page }) => inEnglish(page));

  test("sees every public page of SPEC.md §2", async ({ page }) => {
    for (const route of publicRoutes) {
      await page.goto(route.path);
      await expect(page.getByRole("heading", { level: 1, name: route.heading }), route.path).toBeVisible();
    }
  });

  test("sees every account page in the narrow card", async ({ page }) => {
    for (const route of authRoutes) {
      await page.goto(route.path);
      await expect(page.getByRole("heading", { level: 1, name: route.heading }), route.path).toBeVisible();
    }
  });

  test("is not told they are signed in on the e-mail confirmed page, and is offered Sign in", async ({ page }) => {
    await page.goto("/confirm-email/success");
    await expect(page.getByRole("heading", { level: 1, name: "E-mail confirmed" })).toBeVisible();
    await expect(page.getByText("Your e-mail address is confirmed. Sign in to start bidding.")).toBeVisible();
    await expect(page.getByText(/you are signed in/)).toHaveCount(0);
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("is sent to sign in, with the return address, from every protected page", async ({ page }) => {
    for (const path of protectedRoutes) {
      await page.goto(`${path}?from=test`);
      await expect(page, path).toHaveURL(`/sign-in?returnUrl=${encodeURIComponent(`${path}?from=test`)}`);
    }
  });

  test("replaces the history entry when redirected to sign in", async ({ page }) => {
    await page.goto("/faq");
    await page.goto("/favourites");
    await expect(page).toHaveURL(/\/sign-in\?returnUrl=%2Ffavourites$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test("following a confirmation link without a valid token ends on the failure page", async ({ page }) => {
    await page.goto("/confirm-email?token=not-a-real-token");
    await expect(page).toHaveURL(/\/confirm-email\/failed$/);
    await expect(page.getByRole("heading", { name: "E-mail confirmation failed" })).toBeVisible();
  });

  test("is redirected from an unknown path to /404", async ({ page }) => {
    await page.goto("/this/does/not/exist");
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("sees only Home in the navigation, and the information links", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link")).toHaveText(["Home"]);
    const info = page.getByRole("navigation", { name: "Information" });
    await expect(info.getByRole("link")).toHaveText(["Privacy policy", "Terms of service", "Contacts", "FAQ", "Winners"]);
    await expect(page.getByRole("link", { name: "Pennybid on TikTok" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign up", exact: true })).toBeVisible();
  });

  test("finds the four footer links and the copyright line", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const links = footer.getByRole("navigation", { name: "Footer links" }).getByRole("link");
    await expect(links).toHaveText(["FAQ", "Privacy policy", "Terms of service", "Contacts"]);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} pennybid.lv`);
    await links.filter({ hasText: "Contacts" }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(page.getByRole("link", { name: "support@pennybid.lv" })).toBeVisible();
  });

  test("stacks the footer links and hides the separators on a narrow screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const links = page.getByRole("navigation", { name: "Footer links" }).getByRole("link");
    await expect(links).toHaveCount(4);
    await spaTakenOver(page);
    const boxes = await Promise.all((await links.all()).map((link) => link.boundingBox()));
    const tops = boxes.map((box) => box?.y ?? 0);
    expect(new Set(tops).size).toBe(4);
    await expect(page.getByRole("navigation", { name: "Footer links" }).locator("li[aria-hidden]").first()).toBeHidden();
  });

  test("carries the current page as return address from the account menu", async ({ page }) => {
    await page.goto("/faq");
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/sign-in?returnUrl=%2Ffaq");
  });
});

test.describe("languages", () => {
  test("default to Latvian", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Centu izsoles tiešraidē" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "lv");
  });

  test("switch at once, close the list, and persist after reload", async ({ page }) => {
    // Three switches and three reloads: more than one test's worth of page loads on a busy two-core machine.
    test.slow();
    await page.goto("/");
    const cases = [
      { option: "English", heading: "Live penny auctions", lang: "en" },
      { option: "Русский", heading: "Пенни-аукционы в прямом эфире", lang: "ru" },
      { option: "Latviski", heading: "Centu izsoles tiešraidē", lang: "lv" },
    ];
    for (const { option, heading, lang } of cases) {
      await page
        .locator("header")
        .getByRole("button", { name: /language|valodu|язык/i })
        .click();
      await page.getByRole("button", { name: option }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("button", { name: option })).toBeHidden();
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem("i18nextLng"))).toBe(lang);
    }
  });
});

test.describe("settings", () => {
  test.beforeEach(async ({ page }) => inEnglish(page));

  test("switch the theme to Dark, which persists after reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Settings" }).click();
    await expect(page.getByRole("radio", { name: "System" })).toBeChecked();
    await Promise.all([page.waitForEvent("load"), page.getByText("Dark", { exact: true }).click()]);
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => window.localStorage.getItem("themeMode"))).toBe("dark");
  });

  test("in System mode, follow the device from light to dark and back without a reload; Light stays light", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await expect(page.getByRole("article").first()).toBeVisible();
    await spaTakenOver(page);
    // The switch is instant: no surface fades between the two themes (a half-faded card is unreadable for a moment).
    await page.evaluate(() => {
      const switched = new Promise<number>((resolve) => {
        matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () =>
          requestAnimationFrame(() => resolve(document.getAnimations().filter((a) => a instanceof CSSTransition).length)),
        );
      });
      Object.assign(window, { fadesAfterSwitch: switched });
    });
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => (window as unknown as { fadesAfterSwitch: Promise<number> }).fadesAfterSwitch)).toBe(0);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).not.toHaveClass(/dark/);

    await page.evaluate(() => window.localStorage.setItem("themeMode", "light"));
    await page.reload();
    // The change is sent and the page's handlers have run by the time the next evaluate answers.
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
  });

  test("turn the bid sound off and keep it off", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Settings" }).click();
    const bidSound = page.getByRole("switch", { name: "Bid sound" });
    await expect(bidSound).toBeChecked();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Settings" }).click();
    await bidSound.focus();
    await page.keyboard.press("Space");
    await expect(bidSound).not.toBeChecked();
    expect(await page.evaluate(() => window.localStorage.getItem("playBidSound"))).toBe("no");
    await page.reload();
    await page.getByRole("button", { name: "Settings" }).click();
    await expect(page.getByRole("switch", { name: "Bid sound" })).not.toBeChecked();
  });
});

test.describe("on a 390 px phone", () => {
  test.beforeEach(async ({ page }) => {
    await inEnglish(page);
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test("opens and closes the slide-out menu, which also closes on navigation", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("dialog", { name: "Main navigation" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    expect(Math.round((await menu.boundingBox())?.width ?? 0)).toBe(335);
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "FAQ" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/faq$/);

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  test("has a 64 px sticky header", async ({ page }) => {
    await page.goto("/faq");
    const header = page.locator("header").first();
    expect((await header.boundingBox())?.height).toBe(64);
    await page.mouse.wheel(0, 2000);
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
  });
});

test("on a desktop the sidebar is permanent and 375 px wide, and the header 72 px", async ({ page }) => {
  await inEnglish(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  await spaTakenOver(page);
  const sidebar = page.locator("aside");
  expect((await sidebar.boundingBox())?.width).toBe(375);
  expect((await page.locator("header").first().boundingBox())?.height).toBe(72);
});

test("an idle page runs no endless animation: the Live dot pulses three times as the feed connects, then rests", async ({ page }) => {
  await inEnglish(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await expect(page.getByRole("banner").getByText("Live", { exact: true })).toBeVisible();
  // Loaded: the account control stands in for itself (pulsing) only until the server has said who the visitor is.
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  const running = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .map((animation) => ({ name: (animation as CSSAnimation).animationName, iterations: animation.effect?.getTiming().iterations })),
    );
  expect(await running()).toEqual([{ name: "pulse", iterations: 3 }]);
  // Three 2 s pulses: after them the page draws nothing until something changes.
  await expect.poll(running, { timeout: 15_000 }).toEqual([]);
});
