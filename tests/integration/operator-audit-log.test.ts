// The operators' log served read-only (GET /api/operator/audit-log): every action with who, what, which target, when
// and from where (a signed-in operator, the ops CLI, the server itself); filtered by actor, action, target, source and
// time, newest first, a page at a time with the total. Operators only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditLogPage, type AuditLogEntry } from "../../contract";
import { localOperatorKey } from "../../server/accounts/operator-auth";
import { TestClient } from "../support/client";
import { bidderClient, operatorClient } from "../support/scene";
import { startTestServer, type TestServer } from "../support/server";

const SESSION_SECRET = "audit-log-test-session-secret-0123456789abcdef";
let server: TestServer;
let operator: Awaited<ReturnType<typeof operatorClient>>;
let bidder: Awaited<ReturnType<typeof bidderClient>>;

beforeAll(async () => {
  server = await startTestServer({ SESSION_SECRET });
  operator = await operatorClient(server, "10.61.0.1");
  bidder = await bidderClient(server, "10.61.0.2");
});
afterAll(async () => {
  await server.close();
});

async function page(query: Record<string, string>): Promise<AuditLogPage> {
  const answer = await operator.client.get(`/api/operator/audit-log?${new URLSearchParams(query).toString()}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return AuditLogPage.parse(answer.body);
}

const cli = () => ({
  authorization: `Bearer ${localOperatorKey(SESSION_SECRET)}`,
  "x-requested-with": "XMLHttpRequest",
  "content-type": "application/json",
});

describe("the audit log", () => {
  it("is for operators only: 401 to strangers and forged keys, 403 to bidders", async () => {
    expect((await new TestClient(server.url, "10.61.1.1").get("/api/operator/audit-log")).status).toBe(401);
    expect((await fetch(`${server.url}/api/operator/audit-log`, { headers: { authorization: "Bearer forged" } })).status).toBe(401);
    expect((await bidder.client.get("/api/operator/audit-log")).status).toBe(403);
  });

  it("shows a wallet credit from the back office and one from the CLI, newest first, with who, target, details and source", async () => {
    const subject = `user:${bidder.userId}`;
    expect(
      (
        await operator.client.post(`/api/operator/users/${bidder.userId}/wallet`, {
          amountCents: 500,
          reason: "Goodwill for a late delivery",
        })
      ).status,
    ).toBe(200);
    const byCli = await fetch(`${server.url}/api/operator/users/${bidder.userId}/wallet`, {
      method: "POST",
      headers: cli(),
      body: JSON.stringify({ amountCents: 200, reason: "Second goodwill" }),
    });
    expect(byCli.status).toBe(200);

    const { items, total } = await page({ subject });
    expect(total).toBe(2);
    expect(
      items.map(({ actor, action, subject: target, details, source }) => ({ actor, action, subject: target, details, source })),
    ).toEqual([
      { actor: "ops-cli", action: "wallet.adjust", subject, details: { amountCents: 200, reason: "Second goodwill" }, source: "cli" },
      {
        actor: operator.body.email,
        action: "wallet.adjust",
        subject,
        details: { amountCents: 500, reason: "Goodwill for a late delivery" },
        source: "web",
      },
    ]);
    expect(Date.parse(items[0]!.at)).toBeGreaterThanOrEqual(Date.parse(items[1]!.at));

    // Each filter narrows: a part of the actor (any case), the action, the source.
    const mine = await page({ subject, actor: operator.body.email.slice(0, 8).toUpperCase() });
    expect(mine.items.map((entry) => entry.source)).toEqual(["web"]);
    expect((await page({ subject, source: "cli" })).items.map((entry) => entry.actor)).toEqual(["ops-cli"]);
    expect((await page({ subject, action: "auction." })).total).toBe(0);
    // % and _ are literal, not wildcards.
    expect((await page({ actor: "%" })).total).toBe(0);
  });

  it("filters by a time range and pages, counting every line the filter matches", async () => {
    const action = `test.range-${Date.now().toString(36)}`;
    const times = ["2020-01-01T10:00:00.000Z", "2020-02-01T10:00:00.000Z", "2020-03-01T10:00:00.000Z", "2020-04-01T10:00:00.000Z"];
    for (const [index, at] of times.entries()) {
      await server.database.db.query(
        "insert into operator_actions (actor, action, subject, details, source, created_at) values ('system-test', $1, $2, '{}', 'system', $3)",
        [action, `auction:${index + 1}`, at],
      );
    }
    const inRange = await page({ action, from: "2020-02-01T10:00:00Z", until: "2020-04-01T10:00:00Z" });
    expect(inRange.items.map((entry: AuditLogEntry) => entry.at)).toEqual([times[2], times[1]]);
    const first = await page({ action, limit: "3", offset: "0" });
    expect({ total: first.total, subjects: first.items.map((entry) => entry.subject) }).toEqual({
      total: 4,
      subjects: ["auction:4", "auction:3", "auction:2"],
    });
    expect((await page({ action, limit: "3", offset: "3" })).items.map((entry) => entry.subject)).toEqual(["auction:1"]);
    expect(await page({ action, limit: "3", offset: "9" })).toEqual({ total: 4, items: [] });
  });

  it("refuses a bad filter with 400: an end before the start, a time without a zone, an unknown source, too many", async () => {
    for (const query of <Record<string, string>[]>[
      { from: "2020-02-01T00:00:00Z", until: "2020-01-01T00:00:00Z" },
      { from: "2020-02-01T00:00:00" },
      { source: "email" },
      { limit: "1000" },
      { offset: "-1" },
    ]) {
      const answer = await operator.client.get(`/api/operator/audit-log?${new URLSearchParams(query).toString()}`);
      expect(answer.status, JSON.stringify(query)).toBe(400);
    }
  });
});
