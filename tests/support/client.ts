// Helpers for integration tests: the browser-like client (shared with the simulator), mail and sign-up shortcuts.
import type { ApiClient } from "../../sim/api-client";

export { ApiClient as TestClient } from "../../sim/api-client";

export type MailSummary = { id: number; to: string; subject: string; text: string; links: string[] };

export async function mailsTo(baseUrl: string, address: string): Promise<MailSummary[]> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(address)}`);
  return (await response.json()) as MailSummary[];
}

export function tokenFrom(link: string): string {
  return new URL(link).searchParams.get("token") ?? "";
}

let counter = 0;
/** A unique, valid sign-up body. */
export function newBidder(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    email: `bidder.${tag}@example.lv`,
    password: "Secret1!",
    confirmPassword: "Secret1!",
    firstName: "Anna",
    lastName: "Ozola",
    displayName: `anna_${tag}`.slice(0, 25),
    dateOfBirth: "1990-05-17",
    isMarketingConsentGiven: false,
    language: "en",
    ...overrides,
  };
}

/** Signs up and confirms a bidder; the client ends signed in. */
export async function signUpConfirmed(client: ApiClient, overrides: Record<string, unknown> = {}) {
  const body = newBidder(overrides);
  const signUp = await client.post("/authn/sign-up", body);
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const [mail] = await mailsTo(client.baseUrl, body.email);
  const link = mail?.links.find((l) => l.includes("/confirm-email?token="));
  if (!link) throw new Error("no confirmation mail");
  const confirmed = await client.post("/authn/confirm-email", { token: tokenFrom(link) });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status}`);
  return body;
}
