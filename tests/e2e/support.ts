import { expect, type APIRequestContext, type Page } from "@playwright/test";

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
