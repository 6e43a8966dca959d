// Every accounts endpoint, fed hostile bodies: wrong types, missing fields, huge strings, unicode, SQL and HTML.
// Every answer is a 4xx with the contract's error body, never a 5xx, and nothing in the database changes.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, signUpConfirmed } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let signedIn: TestClient;

const endpoints = [
  ["POST", "/authn/sign-up"],
  ["POST", "/authn/sign-in"],
  ["POST", "/authn/confirm-email"],
  ["POST", "/authn/resend-confirmation"],
  ["POST", "/authn/forgot-password"],
  ["POST", "/authn/reset-password"],
  ["PUT", "/api/users/profile"],
  ["PUT", "/api/users/password"],
  ["PUT", "/api/users/language"],
] as const;

const hostileStrings = [
  "' or 1=1; drop table users; --",
  "<script>alert(1)</script>",
  "\u0000\u202e\uFEFF",
  "😀".repeat(300),
  "x".repeat(70_000),
  "a@b",
  "../../etc/passwd",
];

const hostileBodies: unknown[] = [
  null,
  [],
  "just a string",
  42,
  {},
  { email: 5, password: ["Secret1!"] },
  { email: { $ne: null }, password: { $gt: "" } },
  { token: "x".repeat(43) },
  { token: "' or '1'='1" },
  { language: "xx" },
  { firstName: null, lastName: true, displayName: 1, isMarketingConsentGiven: "yes" },
  ...hostileStrings.map((s) => ({
    email: s,
    password: s,
    confirmPassword: s,
    firstName: s,
    lastName: s,
    displayName: s,
    token: s,
    currentPassword: s,
    newPassword: s,
    language: s,
    phone: s,
    deliveryAddress: s,
    isMarketingConsentGiven: false,
  })),
];

async function snapshot() {
  const [counts] = await server.database.db.query<{ users: number; sessions: number; tokens: number; mails: number; profiles: string }>(
    `select (select count(*) from users) as users, (select count(*) from sessions) as sessions,
            (select count(*) from account_tokens) as tokens, (select count(*) from mails) as mails,
            (select string_agg(first_name || display_name || phone || language, ',' order by id) from users) as profiles`,
  );
  return counts;
}

beforeAll(async () => {
  server = await startTestServer();
  signedIn = new TestClient(server.url, "10.7.7.7");
  await signUpConfirmed(signedIn);
});
afterAll(async () => {
  await server.close();
});

describe("hostile input to the accounts endpoints", () => {
  it("answers every body in the table with a 4xx error and changes nothing", async () => {
    const before = await snapshot();
    for (const [method, path] of endpoints) {
      for (const body of hostileBodies) {
        for (const client of [signedIn, new TestClient(server.url, "10.7.7.8")]) {
          const answer = await client.request(method, path, body);
          expect(answer.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
          expect(answer.status, `${method} ${path}`).toBeLessThan(500);
          expect(answer.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it("answers random JSON with a 4xx and changes nothing (property)", async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), fc.jsonValue({ maxDepth: 3 }), async ([method, path], body) => {
        const answer = await signedIn.request(method, path, body);
        return answer.status >= 400 && answer.status < 500;
      }),
      { numRuns: 300 },
    );
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it("refuses a 1 MB body with 413", async () => {
    const answer = await signedIn.request("POST", "/authn/sign-in", { email: "a@b.lv", password: "x".repeat(1_000_000) });
    expect(answer.status).toBe(413);
  });
});
