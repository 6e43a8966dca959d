// The FAQ and the terms explain the per-auction rules of issue 55 (decisions 101 to 104): manual bids only, seats,
// fees back for those who lose, and where reviews come from.
import { expect, test } from "./fixtures";
import { inEnglish } from "./support";

test.beforeEach(async ({ page }) => inEnglish(page));

test("the FAQ answers what each auction rule means, opened by its question", async ({ page }) => {
  await page.goto("/faq");
  const answers = [
    ["What do '23 of 40 seats' and 'Sold out' mean?", /the auction is canceled instead of starting, every entry fee goes back/],
    ["What does 'Manual bids only' mean?", /every bid is placed by hand: auto-bid cannot be set there/],
    [
      "What does 'Lose and get 50% of your fee back' mean?",
      /rounded down to the cent, so 50% of a €0.25 fee is €0.12.*'50% of your entry fee back'/,
    ],
    ["Where do the reviews come from?", /only once the item has been delivered to them.*All reviews are on the Winners page/],
  ] as const;
  for (const [question, answer] of answers) {
    await expect(page.getByText(answer)).toBeHidden();
    await page.getByText(question).click();
    await expect(page.getByText(answer)).toBeVisible();
  }
});

test("the terms state the same rules where they describe enrolment, bidding and delivery", async ({ page }) => {
  await page.goto("/terms-of-service");
  await expect(page.getByText(/once all are taken, the auction is sold out/)).toBeVisible();
  await expect(page.getByText(/those who lose get part of it back.*rounded down to the cent/)).toBeVisible();
  await expect(page.getByText(/In an auction marked 'Manual bids only', auto-bid is not available/)).toBeVisible();
  await expect(page.getByText(/Reviews are published on the Winners page/)).toBeVisible();
});
