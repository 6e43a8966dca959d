// Product texts in three languages (issue 19 item 7, decision 030): an operator writes a draft's title and
// description in English, Latvian and Russian and publishes it; a bidder's page shows the Latvian text in Latvian,
// the Russian in Russian, and switching the language reads the page again in the new one.
import { expect, test, type Browser, type Page } from "./fixtures";
import type { Language } from "../../contract";
import { inLanguage, operatorPage, visitorIp } from "./support";

const texts = {
  en: { title: "Wool blanket", description: "A warm wool blanket, 150 × 200 cm." },
  lv: { title: "Vilnas sega", description: "Silta vilnas sega, 150 × 200 cm." },
  ru: { title: "Шерстяное одеяло", description: "Тёплое шерстяное одеяло, 150 × 200 см." },
};

/** A visitor whose interface speaks `language`, as a returning visitor's storage and cookie say it. */
async function visitorIn(browser: Browser, language: Language): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() } });
  const page = await context.newPage();
  await inLanguage(page, language);
  return page;
}

test("an operator writes a draft in three languages and publishes it; each bidder reads their own", async ({ browser }) => {
  const tag = Date.now().toString(36);
  const page = await operatorPage(browser);
  await page.goto("/operator/auctions/new");
  await expect(page.getByRole("heading", { level: 1, name: "New auction" })).toBeVisible();
  for (const [language, name] of [
    ["en", "English"],
    ["lv", "Latvian"],
    ["ru", "Russian"],
  ] as const) {
    await page.getByLabel(`Title in ${name}`).fill(`${texts[language].title} ${tag}`);
    await page.getByLabel(`Description in ${name}`).fill(texts[language].description);
  }
  await page.getByLabel("Initial timer (seconds)").fill("600");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${texts.en.title} ${tag}` })).toBeVisible();
  // The operator's page shows every language.
  await expect(page.getByText(`${texts.lv.title} ${tag}`)).toBeVisible();
  await expect(page.getByText(texts.ru.description)).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("main").getByText("Waiting", { exact: true })).toBeVisible();
  const auctionId = /\/operator\/auctions\/(\d+)$/.exec(page.url())?.[1];

  // In Latvian: the page itself (its first screen) and Home's search, which finds the Russian title too.
  const latvian = await visitorIn(browser, "lv");
  await latvian.goto(`/auctions/${auctionId}`);
  await expect(latvian.getByRole("heading", { level: 1, name: `${texts.lv.title} ${tag}` })).toBeVisible();
  await expect(latvian.getByText(texts.lv.description)).toBeVisible();
  await latvian.goto("/");
  // The demo catalogue is written in Latvian too.
  await expect(latvian.getByText("Bezvadu austiņas ar trokšņu slāpēšanu").first()).toBeVisible();
  await latvian.getByRole("searchbox").fill(`${texts.ru.title} ${tag}`);
  await expect(latvian.getByText(`${texts.lv.title} ${tag}`)).toBeVisible();
  await expect(latvian.getByText("Bezvadu austiņas ar trokšņu slāpēšanu")).toHaveCount(0);

  // In Russian.
  const russian = await visitorIn(browser, "ru");
  await russian.goto(`/auctions/${auctionId}`);
  await expect(russian.getByRole("heading", { level: 1, name: `${texts.ru.title} ${tag}` })).toBeVisible();
  await expect(russian.getByText(texts.ru.description)).toBeVisible();
  await expect(russian.getByText(`${texts.lv.title} ${tag}`)).toHaveCount(0);
});
