// A browser-like HTTP client for integration tests: SPA headers, and a cookie jar of one session.
import { spaHeaders } from "./server";

export type MailSummary = { id: number; to: string; subject: string; text: string; links: string[] };

export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly ip?: string,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = spaHeaders) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...headers,
        ...(this.ip ? { "X-Forwarded-For": this.ip } : {}),
        ...(this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      const isExpired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a));
      if (isExpired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
  }

  get(path: string) {
    return this.request("GET", path, undefined, { "X-Requested-With": "XMLHttpRequest" });
  }
  post(path: string, body: unknown = {}) {
    return this.request("POST", path, body);
  }
  put(path: string, body: unknown) {
    return this.request("PUT", path, body);
  }

  /** The Cookie header a socket of this client sends. */
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  get hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.includes("session"));
  }
}

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
    isMarketingConsentGiven: false,
    language: "en",
    ...overrides,
  };
}

/** Signs up and confirms a bidder; the client ends signed in. */
export async function signUpConfirmed(client: TestClient, overrides: Record<string, unknown> = {}) {
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
