// Issue 14's input defects, one by one: text no database can hold, loose ids, framework errors outside the app's
// error shape, and the sandbox checkout acting for anyone. Each refusal is a 4xx in the error shape and changes nothing.
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientToServerEvents, OperatorAuction, ServerToClientEvents } from "../../contract";
import { checksum } from "../support/checksum";
import { TestClient, newBidder } from "../support/client";
import { bidderClient, operatorClient, wonAuction } from "../support/scene";
import { pathParamNames, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let operator: Awaited<ReturnType<typeof operatorClient>>;
let bidder: Awaited<ReturnType<typeof bidderClient>>;
let wonAuctionId: number;

const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

beforeAll(async () => {
  server = await startTestServer();
  operator = await operatorClient(server, "10.14.0.1");
  bidder = await bidderClient(server, "10.14.0.2");
  wonAuctionId = await wonAuction(operator.client, bidder);
});
afterAll(async () => {
  await server.close();
});

describe("text no database can hold", () => {
  const badTexts = { NUL: "\u0000", "a lone high surrogate": "\ud800", "a lone low surrogate": "\udc00" };
  const inBody = (bad: string) =>
    [
      [
        "a profile field",
        () =>
          bidder.client.put("/api/users/profile", {
            firstName: `An${bad}na`,
            lastName: "Ozola",
            displayName: bidder.body.displayName,
            isMarketingConsentGiven: false,
          }),
      ],
      ["a sign-up field", () => new TestClient(server.url, "10.14.1.1").post("/authn/sign-up", newBidder({ lastName: `Oz${bad}ola` }))],
      ["a promo code", () => bidder.client.post(`/api/fulfilments/${wonAuctionId}/quote`, { promoCode: `SAVE${bad}10` })],
      [
        "an operator's auction title",
        () => operator.client.post("/api/operator/auctions", { title: `Lamp${bad}`, initialSeconds: 60, resetSeconds: 15 }),
      ],
      [
        "an operator's wallet reason",
        () => operator.client.post(`/api/operator/users/${bidder.userId}/wallet`, { amountCents: 100, reason: `Gift${bad}` }),
      ],
    ] as const;

  for (const [badName, bad] of Object.entries(badTexts)) {
    for (const [where, send] of inBody(bad)) {
      it(`refuses ${badName} in ${where} with 400 and changes nothing`, async () => {
        const before = await checksum(server.database.db);
        const answer = await send();
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
        expect(await checksum(server.database.db)).toEqual(before);
      });
    }
  }

  // Bytes that are no UTF-8 at all: a byte UTF-8 never uses, an overlong "/", an encoded surrogate, past U+10FFFF.
  it.each([
    ["FF", [0xff]],
    ["C0 AF", [0xc0, 0xaf]],
    ["ED A0 80", [0xed, 0xa0, 0x80]],
    ["F4 90 80 80", [0xf4, 0x90, 0x80, 0x80]],
  ])("refuses a JSON body with the bytes %s in a string with 400 in the error shape, and stores nothing", async (_bytes, bytes) => {
    const before = await checksum(server.database.db);
    const json = (lastName: string) =>
      JSON.stringify({
        firstName: "Anna",
        lastName,
        displayName: bidder.body.displayName,
        phone: "",
        deliveryAddress: "",
        isMarketingConsentGiven: false,
      });
    const [head = "", tail = ""] = json("Oz\u0001ola").split("\\u0001");
    const body = Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]);
    const answer = await bidder.client.request("PUT", "/api/users/profile", new Blob([body]));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: "BAD_REQUEST", message: "The request body is not valid UTF-8." } });
    expect(await checksum(server.database.db)).toEqual(before);
    // The same body in UTF-8 is taken.
    expect((await bidder.client.put("/api/users/profile", JSON.parse(json("Ozola")) as object)).status).toBe(200);
  });

  // A URL carries no lone surrogate (its bytes are UTF-8), but %00 is a NUL.
  it.each([
    ["the operator's user search", "/api/operator/users?search=ann%00a"],
    ["a user named in a path", "/api/operator/users/ann%00a"],
    ["the address search", "/api/addresses?q=Rig%00a"],
    ["the dev mailbox's address", "/dev/mailbox.json?to=a%00b@example.lv"],
  ])("refuses a NUL in %s with 400", async (_where, path) => {
    const client = path.startsWith("/api/operator") ? operator.client : bidder.client;
    const answer = await client.get(path);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
  });
});

describe("ids in paths and query strings", () => {
  it("reads only decimal digits as an auction id: hex, padded, signed or exponent forms cancel nothing", async () => {
    const created = await operator.client.post("/api/operator/auctions", {
      title: "Kettle",
      initialSeconds: 60,
      resetSeconds: 15,
      startsInSeconds: 3600,
      publish: true,
    });
    const { id } = created.body as OperatorAuction;
    const looseForms = [
      `0x${id.toString(16)}`,
      `0o${id.toString(8)}`,
      `0b${id.toString(2)}`,
      `%20${id}`,
      `${id}%20`,
      `+${id}`,
      `0${id}`,
      `${id}.0`,
      `${id}e0`,
      `%09${id}`,
    ];
    for (const form of looseForms) {
      const answer = await operator.client.post(`/api/operator/auctions/${form}/cancel`);
      expect(answer.status, form).toBe(400);
      expect(answer.body, form).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    }
    const after = (await operator.client.get(`/api/operator/auctions/${id}`)).body as OperatorAuction;
    expect(after.status).toBe("Waiting");
  });

  it.each([
    "/api/auctions/0",
    "/api/auctions/-1",
    "/api/auctions/2147483648",
    "/api/auctions/99999999999999999999",
    "/api/auctions/1e3",
    "/api/auctions/NaN",
    "/api/auctions/Infinity",
    "/api/user-wallet/transactions?page=0x2",
    "/api/user-wallet/transactions?page=%202",
    "/api/user-wallet/transactions?page=2.5",
    "/api/user-wallet/transactions?page=",
    "/api/operator/auctions?limit=1e2",
    "/api/operator/auctions?limit=0x10",
    "/api/operator/users?limit=-5",
    "/api/operator/fulfilments?limit=10&limit=20",
  ])("refuses %s with 400", async (path) => {
    const answer = await (path.startsWith("/api/operator") ? operator.client : bidder.client).get(path);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(errorShape);
  });

  it("gives every id in a path the route's own schema, so each is checked before a handler reads it", () => {
    // The sandbox checkout is the card provider's stand-in: like a provider's page, it answers any id it does not know,
    // malformed or not, as an unknown payment (404), after its own PaymentIdParams check.
    const checkedInHandler = [
      "GET /sandbox/checkout/:paymentId",
      "POST /sandbox/checkout/:paymentId",
      // Its refunds' page (decision 090) likewise.
      "GET /sandbox/refunds/:withdrawalId",
      "POST /sandbox/refunds/:withdrawalId",
    ];
    const unchecked = server.app.routes.flatMap((route) => {
      const declared = Object.keys((route.schema?.params as { shape?: object } | undefined)?.shape ?? {});
      const missing = pathParamNames(route.url).filter((name) => !declared.includes(name));
      return missing.length > 0 && route.method !== "HEAD" ? [`${route.method} ${route.url} (${missing.join(", ")})`] : [];
    });
    expect(unchecked.filter((route) => !checkedInHandler.some((known) => route.startsWith(known)))).toEqual([]);
    expect(unchecked).toHaveLength(checkedInHandler.length);
  });

  it("declares the answers of every JSON route: its success and the error shape at 4xx and 5xx, so nothing more leaves", () => {
    // Routes whose answer is not a JSON body: pages, files, the provider's webhook, an empty 204, Prometheus's text, a backup.
    const notJson = [
      "GET /metrics",
      "POST /api/operator/backup",
      "GET /dev/mailbox",
      "GET /dev/mailbox.json",
      "GET /media/:id",
      "GET /sandbox/checkout/:paymentId",
      "POST /sandbox/checkout/:paymentId",
      "POST /api/payments/webhook/sandbox",
      "POST /authn/sign-out",
      // Decisions 090 and 091: the sandbox's refund page and its webhook, and the statement's CSV.
      "GET /sandbox/refunds/:withdrawalId",
      "POST /sandbox/refunds/:withdrawalId",
      "POST /api/payments/webhook/sandbox-refunds",
      "GET /api/user-wallet/statement.csv",
    ];
    const undeclared = server.app.routes
      .filter((route) => route.method !== "HEAD" && !route.url.includes("*") && !notJson.includes(`${route.method} ${route.url}`))
      .flatMap((route) => {
        const statuses = Object.keys((route.schema?.response as object | undefined) ?? {});
        const complete = statuses.some((status) => /^2\d\d$/.test(status)) && statuses.includes("4xx") && statuses.includes("5xx");
        return complete ? [] : [`${route.method} ${route.url}: ${statuses.join(", ") || "none"}`];
      });
    expect(undeclared).toEqual([]);
    expect(server.app.routes.length).toBeGreaterThan(60);
  });

  it("still reads plain ids and numbers", async () => {
    expect((await bidder.client.get(`/api/auctions/${wonAuctionId}`)).status).toBe(200);
    expect((await bidder.client.get("/api/user-wallet/transactions?page=2")).status).toBe(200);
    expect((await operator.client.get("/api/operator/auctions?limit=5")).status).toBe(200);
  });

  it("refuses a socket command's id out of range, fractional or written as text", async () => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(server.url, {
      transports: ["websocket"],
      forceNew: true,
      extraHeaders: { cookie: bidder.client.cookieHeader },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on("connect", resolve);
        socket.on("connect_error", reject);
      });
      for (const auctionId of [2 ** 31, 2 ** 40, 1.5, 0, -1, `${wonAuctionId}`, `0x${wonAuctionId.toString(16)}`]) {
        const ack = await socket.emitWithAck("bid:place", { auctionId } as unknown as { auctionId: number });
        expect(ack, String(auctionId)).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
      }
    } finally {
      socket.close();
    }
  });
});

describe("framework errors in the app's error shape", () => {
  it.each([
    ["a malformed URL under /api", "GET", "/api/%zz", 400],
    ["a malformed URL elsewhere", "GET", "/%zz", 400],
    // 414 from the router, or 404 when the SPA's catch-all (present once the SPA is built) takes the path instead.
    ["a too-long path parameter", "GET", `/api/auctions/${"1".repeat(200)}`, [404, 414]],
    ["an unknown API route", "GET", "/api/no-such-thing", 404],
    ["an unknown API route, posted", "POST", "/api/no-such-thing", 404],
  ] as const)("answers %s with the error shape", async (_what, method, path, status) => {
    const answer = await bidder.client.request(method, path, method === "POST" ? {} : undefined);
    expect([status].flat()).toContain(answer.status);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.body).toMatchObject(errorShape);
  });

  it("answers headers too large for Node's HTTP parser with 431 in the error shape", async () => {
    for (const path of [`/api/auctions/1?q=${"x".repeat(20_000)}`, `/api/${"x".repeat(70_000)}`]) {
      const response = await fetch(`${server.url}${path}`, { headers: { "X-Forwarded-For": "10.14.3.1" } });
      expect(response.status).toBe(431);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ error: { code: "BAD_REQUEST", message: expect.any(String) } });
    }
  });

  it("answers a body too large with 413 and a wrong content type with 415, in the error shape", async () => {
    const tooLarge = await bidder.client.post("/authn/sign-in", { email: "a@b.lv", password: "x".repeat(100_000) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject(errorShape);
    const wrongType = await bidder.client.request("POST", "/api/auctions/search", "<status/>", {
      "X-Requested-With": "XMLHttpRequest",
      "Content-Type": "application/xml",
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject(errorShape);
    const wrongTypeOutsideApi = await bidder.client.request("POST", "/sandbox/checkout/00000000-0000-4000-8000-000000000000", "<a/>", {
      "Content-Type": "application/xml",
    });
    expect(wrongTypeOutsideApi.status).toBe(415);
    expect(wrongTypeOutsideApi.body).toMatchObject(errorShape);
  });
});

describe("the sandbox checkout", () => {
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const pendingPayment = async () => {
    const created = await bidder.client.post("/api/payments", { amount: 10, language: "en" });
    const { payment } = created.body as { payment: { id: string } };
    return payment.id;
  };
  const statusOf = async (paymentId: string) => ((await bidder.client.get(`/api/payments/${paymentId}`)).body as { status: string }).status;

  it("shows and settles a payment only for the session that created it; anyone else gets 404 and nothing changes", async () => {
    const paymentId = await pendingPayment();
    const stranger = new TestClient(server.url, "10.14.2.1");
    const otherBidder = await bidderClient(server, "10.14.2.2");
    const before = await checksum(server.database.db);
    for (const client of [stranger, otherBidder.client]) {
      const page = await client.request("GET", `/sandbox/checkout/${paymentId}`, undefined, {});
      expect(page.status).toBe(404);
      expect(page.body).toMatchObject({ error: { code: "NOT_FOUND" } });
      for (const action of ["cancel", "pay", "decline"]) {
        const answer = await client.request("POST", `/sandbox/checkout/${paymentId}`, `action=${action}&method=card`, form);
        expect(answer.status, action).toBe(404);
        expect(answer.body).toMatchObject({ error: { code: "NOT_FOUND" } });
      }
    }
    expect(await checksum(server.database.db)).toEqual(before);
    expect(await statusOf(paymentId)).toBe("pending");

    const ownPage = await bidder.client.request("GET", `/sandbox/checkout/${paymentId}`, undefined, {});
    expect(ownPage.status).toBe(200);
    expect(ownPage.headers.get("content-type")).toMatch(/^text\/html/);
    const own = await fetch(`${server.url}/sandbox/checkout/${paymentId}`, {
      method: "POST",
      headers: { ...form, cookie: bidder.client.cookieHeader, "x-forwarded-for": "10.14.0.2" },
      body: "action=cancel",
      redirect: "manual",
    });
    expect(own.status).toBe(303);
    expect(await statusOf(paymentId)).toBe("canceled");
  });

  it("refuses an unknown action with 400 rather than reading it as cancel", async () => {
    const paymentId = await pendingPayment();
    const answer = await bidder.client.request("POST", `/sandbox/checkout/${paymentId}`, "action=refund", form);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(errorShape);
    expect(await statusOf(paymentId)).toBe("pending");
  });
});
