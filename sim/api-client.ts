// A browser-like HTTP client: the SPA's headers (SPEC.md §7) and a cookie jar of one session. The simulator's bots
// and the integration tests speak to the server through it, as the SPA does.
export const spaHeaders = { "X-Requested-With": "XMLHttpRequest", "Content-Type": "application/json" } as const;

export type ApiAnswer = { status: number; body: unknown; headers: Headers };

export class ApiClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    /** Sent as X-Forwarded-For, for servers that trust a proxy (tests speak for many visitors from one machine). */
    private readonly ip?: string,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = spaHeaders): Promise<ApiAnswer> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...headers,
        ...(this.ip ? { "X-Forwarded-For": this.ip } : {}),
        ...(this.cookies.size ? { Cookie: this.cookieHeader } : {}),
      },
      // A string or bytes go as they are (tests send malformed bodies); anything else as JSON.
      body: body === undefined ? undefined : typeof body === "string" || body instanceof Blob ? body : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      const isExpired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a));
      if (isExpired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    const isJson = (response.headers.get("content-type") ?? "").includes("json");
    return { status: response.status, body: text && isJson ? (JSON.parse(text) as unknown) : text || undefined, headers: response.headers };
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
