// SPEC.md §5: the address field offers suggestions while typing — the profile's delivery address as the pay form's,
// the same field (src/features/addresses).
import { expect, test } from "./fixtures";
import { pickSuggestedAddress, signedInPage } from "./support";

test("the profile's delivery address suggests addresses while typing, and the one picked is saved", async ({ browser }) => {
  const { page } = await signedInPage(browser, "Adele");
  await page.goto("/profile");
  const details = page.getByRole("region", { name: "Your details" });
  const address = details.getByRole("combobox", { name: "Delivery address" });
  await pickSuggestedAddress(details, address);

  // Another one, picked with a click, is what the profile saves.
  await address.fill("tērbatas 2");
  await details
    .getByRole("listbox", { name: "Address suggestions" })
    .getByRole("option", { name: /^Tērbatas iela 2,/ })
    .click();
  await expect(address).toHaveValue(/^Tērbatas iela 2, Rīga/);
  await details.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your profile has been updated.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Delivery address" })).toHaveValue(/^Tērbatas iela 2, Rīga/);
});
