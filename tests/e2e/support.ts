import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { tourNames } from "../../contract";

/** Every test reads English, as SPEC.md writes the strings. */
export async function inEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem("i18nextLng")) window.localStorage.setItem("i18nextLng", "en");
  });
}

/** A distinct client address per test file, so the per-IP limits treat each file as its own visitor. */
export function visitorIp(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

export function uniqueBidder(prefix = "e2e") {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return { email: `${prefix}.${tag}@example.lv`, displayName: `${prefix}_${tag}`.slice(0, 25), password: "Secret1!" };
}

/** The newest link in the newest mail to `address` that contains `part`, from the development mailbox. */
export async function linkFromMailbox(request: APIRequestContext, address: string, part: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(address)}`)).json()) as {
        links: string[];
      }[];
      link = mails.flatMap((mail) => mail.links).find((l) => l.includes(part));
      return link;
    })
    .toBeTruthy();
  return new URL(link ?? "").pathname + new URL(link ?? "").search;
}

/**
 * Marks every guided tour completed for the user signed in on `request` (a page's or context's), so that no tour
 * overlay stands in the way of a test about something else. tours.spec.ts tests the tours themselves.
 */
export async function completeGuidedTours(request: APIRequestContext): Promise<void> {
  for (const tourName of tourNames) {
    const answer = await request.put("/api/users/tour-progress", {
      headers: { "X-Requested-With": "XMLHttpRequest" },
      data: { tourName, currentStep: 0, isCompleted: true },
    });
    expect(answer.status(), `completing the ${tourName} tour`).toBe(200);
  }
}
