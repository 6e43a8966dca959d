// The hostile-input suite, generated from the contract. Every REST route the running app registers (collected as
// it registers them, so a new route cannot be forgotten) and every socket command is fed the opposites of its
// schemas: wrong types, missing and extra fields, nulls, arrays, 1 MB strings, NUL and lone surrogates, SQL and
// HTML, negative, fractional, huge and NaN-like numbers, hex and padded ids; as a stranger, a bidder and an operator.
// Every case that could change something is invalid in at least one field, by the route's own schema (checked
// here before sending). The answers: never a 5xx, every refusal in the error shape, and no row changes.
// Issue 51's classes follow: look-alike, invisible and reserved display names; bytes that are not UTF-8 in JSON
// bodies; an operator's lookup by every kind of key; and a flood of commands past the product's socket budget.
import fc from "fast-check";
import type { RouteSummary } from "../../server/app";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { ApiErrorBody, ClockSyncAck, commandPayloads, type OperatorAuction, type OperatorUser } from "../../contract";
import { displayNameSkeleton, settleDisplayNames } from "../../server/accounts/display-names";
import { commandBudgetSettings } from "../../server/realtime/command-budget";
import { checksum, type Checksum } from "../support/checksum";
import { TestClient } from "../support/client";
import { bidderClient, operatorClient, wonAuction } from "../support/scene";
import { pathParamNames, spaHeaders, startTestServer, type TestServer } from "../support/server";
import { openSocket, type LiveClient } from "../support/socket";

const SEED = Number(process.env.HOSTILE_SEED ?? 20261123);
const HTTP_CASES_PER_ROUTE_AND_ACTOR = 24;
const SOCKET_CASES_PER_COMMAND_AND_ACTOR = 40;
const BATCH = 12;

type Route = { method: string; url: string; body?: z.ZodType; params?: z.ZodType; querystring?: z.ZodType };
type Json = unknown;
type Actor = { name: "stranger" | "bidder" | "operator"; cookie: string; ip: () => string };
type HttpCase = {
  route: Route;
  actor: Actor;
  path: string;
  /** A JSON value to send as JSON, or a raw body with its content type. */
  body?: { json: Json } | { raw: string; contentType: string };
  withoutCsrfHeader?: boolean;
  /** A forged credential a stranger tries: a junk operator key or session cookie. */
  forged?: Record<string, string>;
  why: string;
};

let server: TestServer;
const routes: Route[] = [];
let actors: Actor[];
/** The operator of `actors`, as a browser-like client (issue 51's cases act through it). */
let operatorApi: TestClient;
let baseParams: Record<string, string>;
let initial: Checksum;

/** Every route the app registered, with its schemas: a new route is in the suite without anyone listing it. */
const collectRoute = (route: RouteSummary) => {
  // HEAD and OPTIONS mirror GETs; the static files' wildcard serves files only.
  if (route.url.includes("*") || route.method === "HEAD" || route.method === "OPTIONS") return;
  const schema = (route.schema ?? {}) as { body?: z.ZodType; params?: z.ZodType; querystring?: z.ZodType };
  routes.push({ method: route.method, url: route.url, body: schema.body, params: schema.params, querystring: schema.querystring });
};

// Valid bodies and query strings, one per route that declares a schema; the cases turn them hostile. A route
// with a schema and no entry here fails the suite, so it cannot slip through untested.
const validBodies: Record<string, Record<string, Json>> = {
  "POST /authn/sign-up": {
    email: "hostile@example.lv",
    password: "Secret1!",
    confirmPassword: "Secret1!",
    firstName: "Anna",
    lastName: "Ozola",
    displayName: "hostile_anna",
    isMarketingConsentGiven: false,
    language: "en",
    dateOfBirth: "1990-05-17",
  },
  "POST /authn/resend-confirmation": { email: "hostile@example.lv", language: "en" },
  "POST /authn/confirm-email": { token: "a".repeat(43) },
  "POST /authn/sign-in": { email: "hostile@example.lv", password: "Secret1!" },
  "POST /authn/forgot-password": { email: "hostile@example.lv", language: "en" },
  "POST /authn/reset-password": { token: "a".repeat(43), password: "Secret1!", confirmPassword: "Secret1!" },
  "PUT /api/users/profile": {
    firstName: "Anna",
    lastName: "Ozola",
    displayName: "hostile_anna",
    phone: "+371 20000000",
    deliveryAddress: "Brīvības iela 1, Rīga",
    isMarketingConsentGiven: false,
  },
  "PUT /api/users/password": { currentPassword: "Secret1!", newPassword: "Secret2!", confirmPassword: "Secret2!" },
  "PUT /api/users/language": { language: "en" },
  "PUT /api/users/tour-progress": { tourName: "MainPage", currentStep: 1, isCompleted: false },
  "POST /api/auctions/search": { status: "Running", query: "lamp", sort: "newest", freeEntry: false, page: 1, pageSize: 24 },
  "PUT /api/favourites/:auctionId": { isFavourite: true },
  "PUT /api/auctions/:auctionId/auto-bid": { maxPriceCents: 500 },
  "POST /api/payments": { amount: 10, language: "en" },
  "PUT /api/spend-limits": { auctionLimitCents: 5000, topUpLimitCents: null },
  "POST /api/spend-limits/pause": { length: "24h" },
  "PUT /api/reality-check/interval": { intervalMinutes: 30 },
  // Decisions 092-094. The actors gave their date of birth at sign-up, and the password here is none of theirs: even
  // the valid body changes nothing.
  "PUT /api/users/date-of-birth": { dateOfBirth: "1990-05-17" },
  "POST /api/users/my-data": { password: "Not-theirs-1!" },
  "POST /api/users/my-data/ledger.csv": { password: "Not-theirs-1!" },
  "POST /api/users/delete": { password: "Not-theirs-1!" },
  "POST /api/operator/auctions": {
    texts: { en: { title: "Lamp", description: "A desk lamp" }, ru: { title: "Настольная лампа", description: "" } },
    images: ["/products/speaker.svg"],
    retailValueCents: 4000,
    entryFeeCents: 100,
    startPriceCents: 0,
    startsInSeconds: 60,
    initialSeconds: 60,
    resetSeconds: 15,
    minPreviousEntries: 0,
    hardEndsAt: "2030-01-01T00:00:00Z",
    priceCapCents: 500,
    paymentWindowHours: 72,
    publish: false,
    isDemo: false,
    maxPreviousWins: 0,
    enrolmentClosesSecondsBeforeEnd: 30,
    enrolmentClosesAtPriceCents: 300,
    realBiddersOnly: true,
    productKey: "desk-lamp",
    feeBackPercent: 50,
    manualOnly: true,
  },
  "PATCH /api/operator/auctions/:auctionId": {
    texts: { en: { title: "Lamp", description: "A desk lamp" }, lv: { title: "Galda lampa", description: "" } },
    images: ["/products/speaker.svg"],
    retailValueCents: 4000,
    entryFeeCents: 100,
    startPriceCents: 0,
    startsAt: "2029-12-31T00:00:00Z",
    initialSeconds: 60,
    resetSeconds: 15,
    minPreviousEntries: 0,
    hardEndsAt: null,
    priceCapCents: 500,
    paymentWindowHours: 72,
    maxPreviousWins: null,
    enrolmentClosesSecondsBeforeEnd: 30,
    enrolmentClosesAtPriceCents: 300,
    realBiddersOnly: false,
    productKey: "desk-lamp",
    feeBackPercent: 50,
    manualOnly: false,
  },
  "POST /api/operator/auctions/:auctionId/time-left": { seconds: 60 },
  // The auction as the operator saw it: an action may carry its seq (refused if it changed since), or nothing.
  "POST /api/operator/auctions/:auctionId/publish": {},
  "POST /api/operator/auctions/:auctionId/cancel": {},
  "POST /api/operator/auctions/:auctionId/start-now": {},
  "POST /api/operator/auctions/:auctionId/end-now": {},
  "POST /api/operator/auctions/:auctionId/manual-only": {},
  "POST /api/operator/users": {
    email: "bot@example.lv",
    password: "Secret1!",
    firstName: "Bot",
    lastName: "One",
    displayName: "bot_one",
    role: "bidder",
    isDemo: true,
  },
  "POST /api/operator/users/:user/wallet": { amountCents: 100, reason: "Goodwill" },
  "POST /api/operator/users/:user/role": { role: "bidder" },
  "POST /api/fulfilments/:auctionId/quote": { promoCode: "SAVE10" },
  "POST /api/fulfilments/:auctionId/pay": { deliveryAddress: "Brīvības iela 1, Rīga", phone: "+371 20000000", promoCode: "SAVE10" },
  "POST /api/operator/fulfilments/:auctionId/advance": { to: "InDelivery" },
  "POST /api/operator/fulfilments/:auctionId/payment-time-left": { seconds: 60 },
  "POST /api/auctions/:auctionId/buy-now/quote": { promoCode: "SAVE10" },
  "POST /api/auctions/:auctionId/buy-now": { deliveryAddress: "Brīvības iela 1, Rīga", phone: "+371 20000000", promoCode: "SAVE10" },
  "POST /api/operator/buy-now/:purchaseId/advance": { to: "InDelivery" },
  "POST /api/operator/auctions/:auctionId/buy-now": { enabled: true, stock: 5 },
  "PUT /api/push/switches": { outbid: true, favourites: false, won: true, sent: true },
  "PUT /api/push/subscription": {
    endpoint: "https://fcm.googleapis.com/fcm/send/hostile",
    keys: {
      p256dh: "BD7tObf879RdYP_IzzADucIGEdfhkxOQ2unneAOeP_7HznJkVBclqem39pyojzYLwjZtHd4hXiqGFa_y7swlgZU",
      auth: "seUaKskSx-YE-mr3Am10jQ",
    },
    replaces: "https://fcm.googleapis.com/fcm/send/hostile-old",
  },
  "DELETE /api/push/subscription": { endpoint: "https://fcm.googleapis.com/fcm/send/hostile" },
  "POST /api/operator/promo-codes": {
    code: "SAVE10",
    kind: "percent",
    amount: 10,
    validFrom: "2026-01-01T00:00:00Z",
    validUntil: "2030-01-01T00:00:00Z",
    maxUses: 10,
    maxUsesPerUser: 1,
  },
  "POST /api/withdrawals": { amount: "2.50", iban: "LV80BANK0000435195001" },
  "POST /api/operator/payouts/:payoutId": { outcome: "refused", reason: "Hostile test" },
  // Reviews (decision 104): the bidder's win is not delivered, so a valid post is refused and changes nothing.
  "POST /api/reviews": { source: "win", sourceId: 1, rating: 5, text: "Arrived quickly, works well.", photos: [] },
  "POST /api/operator/reviews/:reviewId/hide": { reason: "Hostile test" },
};
const validQueries: Record<string, Record<string, string>> = {
  "GET /api/user-wallet/transactions": { page: "1" },
  "GET /api/operator/payouts": { status: "pending" },
  "GET /api/operator/auctions": { status: "Running", search: "lamp", limit: "5", offset: "0" },
  "GET /api/operator/users": { search: "anna", isDemo: "false", limit: "5" },
  ...Object.fromEntries(
    ["transactions", "enrolments", "bids", "wins", "purchases", "sessions"].map((list) => [
      `GET /api/operator/users/:user/${list}`,
      { limit: "5", offset: "0" },
    ]),
  ),
  "GET /api/operator/fulfilments": { state: "AwaitingPayment", limit: "5" },
  "GET /api/operator/buy-now": { state: "PaymentReceived", limit: "5" },
  "GET /api/buy-now/purchases": { page: "1" },
  "GET /api/operator/audit-log": {
    actor: "ops",
    action: "wallet",
    subject: "auction:1",
    source: "web",
    from: "2026-01-01T00:00:00Z",
    until: "2030-01-01T00:00:00Z",
    limit: "5",
    offset: "0",
  },
  "GET /api/addresses": { q: "Brīvības" },
  "GET /dev/mailbox.json": { to: "hostile@example.lv" },
  "GET /api/reviews": { limit: "5", before: "100" },
  "GET /api/auctions/:auctionId/reviews": { limit: "5", before: "100" },
  "GET /api/operator/reviews": { limit: "5", hidden: "yes" },
};

// The opposites of the schemas.
const badCharacters = ["\u0000", "\ud800", "\udc00"];
const hostileStrings = [
  "",
  " ",
  "\t\n",
  "' or 1=1; --",
  "'; drop table users; --",
  '" or ""="',
  "<svg/onload=alert(1)>",
  "<img/src/onerror=alert(1)>",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "\u202egnp.exe",
  "\ufeff",
  "😀".repeat(40),
  "0x10",
  "1e3",
  "NaN",
  "Infinity",
  "-1",
  "00",
  "%00",
  "${7*7}",
  "{{7*7}}",
  "__proto__",
  "null",
  "true",
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x\udc00y",
  "\udfff\ud800",
];
const hostileNumbers = [-1, 0, -0, 0.5, 1.5, -1.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MIN_VALUE];
const hostileShapes: Json[] = [null, true, false, [], {}, [1], ["x"], { $ne: null }, { $gt: "" }, [[[]]], { a: { b: { c: {} } } }];
const MEGABYTE = "x".repeat(1_000_000);

const withBadCharacter = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...badCharacters), fc.nat())
  .map(([text, bad, at]) => text.slice(0, at % (text.length + 1)) + bad + text.slice(at % (text.length + 1)));
const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom<Json>(...hostileStrings, ...hostileNumbers, ...hostileShapes) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: "binary" }) },
  { weight: 3, arbitrary: withBadCharacter },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 256, maxLength: 3000 }) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE) },
);
// Below the socket's 16 KB message limit, where the server would close the connection instead of answering.
const socketValue = hostileValue.filter((value) => (JSON.stringify(value) ?? "").length < 8_000);
const forgedSecret = fc.oneof(
  fc.constantFrom("", "x".repeat(64), "a".repeat(65), "' or 1=1 --", "%00", "null", "Bearer"),
  fc.string({ maxLength: 80, unit: "binary-ascii" }).map((text) => text.replace(/[^\x20-\x7e]/g, "")),
);
const extraFieldNames = ["__proto__", "constructor", "isOperator", "role", "balanceCents", "userId", "id", "status", ""];
const malformedBodies: { raw: string; contentType: string }[] = [
  { raw: "{", contentType: "application/json" },
  { raw: '{"a":', contentType: "application/json" },
  { raw: "[1,", contentType: "application/json" },
  { raw: "nul", contentType: "application/json" },
  { raw: "\u0000", contentType: "application/json" },
  { raw: '{"__proto__":{"isOperator":true}}', contentType: "application/json" },
  { raw: '{"constructor":{"prototype":{"isOperator":true}}}', contentType: "application/json" },
  { raw: `"${"x".repeat(70_000)}"`, contentType: "application/json" },
  { raw: "<status>Running</status>", contentType: "application/xml" },
  { raw: "status=Running", contentType: "application/x-www-form-urlencoded" },
];

// Hostile path segments, as sent (percent-encoded where a URL needs it).
const hostileSegments = [
  "0x10",
  "%201",
  "1%20",
  "%091",
  "+1",
  "01",
  "1.0",
  "1e0",
  "1.5",
  "-1",
  "0",
  "2147483648",
  "99999999999999999999",
  "NaN",
  "Infinity",
  "%00",
  "a%00b",
  "%zz",
  "%ED%A0%80",
  "'%20or%201=1",
  "%3Csvg%2Fonload%3Dalert(1)%3E",
  "9".repeat(150),
  "%E2%80%AE",
  "null",
  "undefined",
];
/** Forms of an id that `z.coerce.number()` would have read as the id; all must be refused. */
const looseForms = (id: number) => [`0x${id.toString(16)}`, `%20${id}`, `${id}%20`, `+${id}`, `0${id}`, `${id}.0`, `${id}e0`, `%09${id}`];

const key = (route: Route) => `${route.method} ${route.url}`;
/** Calls that change nothing whatever they are sent (a search, a price quote): they may also get valid hostile values. */
const readsThatPost = new Set(["POST /api/auctions/search", "POST /api/fulfilments/:auctionId/quote"]);
const isRead = (route: Route) => route.method === "GET" || readsThatPost.has(key(route));
const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** A URL carries UTF-8, which has no lone surrogates: the server would see U+FFFD, so the oracle must too. */
const urlSafe = (text: string) => text.replace(loneSurrogate, "\ufffd");
const roundTrip = (value: Json): Json => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as Json));
const accepts = (schema: z.ZodType | undefined, value: Json) => schema !== undefined && schema.safeParse(value).success;

function setField(body: Record<string, Json>, field: string, value: Json): Record<string, Json> {
  const next = { ...body };
  // An own "__proto__" key, as JSON.parse would make it (plain assignment would set the prototype instead).
  Object.defineProperty(next, field, { value, enumerable: true, writable: true, configurable: true });
  return next;
}

/** A change the schema must refuse, whatever the field: NUL or a lone surrogate in text, a wrong type elsewhere. */
function mustRefuse(base: Json, pick: number): Json {
  if (typeof base === "string") return [`${base}\u0000`, `${base}\ud800`, `\udc00${base}`, { $ne: null }][pick % 4];
  if (typeof base === "number") return [String(base), { $ne: null }, [base]][pick % 3];
  if (typeof base === "boolean") return [String(base), { $ne: null }][pick % 2];
  if (Array.isArray(base)) return [{ $ne: null }, ["\u0000"], "x"][pick % 3];
  return [{ $ne: null }, [], "\u0000"][pick % 3];
}

function pathWith(route: Route, segments: Record<string, string>): string {
  return route.url.replace(/:(\w+)/g, (_match, name: string) => segments[name] ?? baseParams[name] ?? "1");
}

function queryString(query: Record<string, string | string[]>): string {
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    [value].flat().map((item) => `${encodeURIComponent(name)}=${encodeURIComponent(item)}`),
  );
  return pairs.length ? `?${pairs.join("&")}` : "";
}

function shapeKeys(schema: z.ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** The hostile cases of one route for one actor: generated from a seed, each invalid by the route's own schema. */
function casesFor(route: Route, actor: Actor, seed: number, problems: string[]): HttpCase[] {
  const cases: HttpCase[] = [];
  const bodyBase = validBodies[key(route)];
  const queryBase = validQueries[key(route)];
  const names = pathParamNames(route.url);
  const bodyFields = [...new Set([...Object.keys(bodyBase ?? {}), ...shapeKeys(route.body)])];
  const queryFields = [...new Set([...Object.keys(queryBase ?? {}), ...shapeKeys(route.querystring)])];
  const baseBody = bodyBase ? { json: bodyBase } : undefined;
  const basePath = pathWith(route, {});
  const add = (kase: Omit<HttpCase, "route" | "actor">) => cases.push({ route, actor, ...kase });

  // The sweep: every field and every param, turned into what its schema must refuse.
  if (route.body && bodyBase) {
    for (const field of bodyFields) {
      for (let pick = 0; pick < 4; pick += 1) {
        const body = setField(bodyBase, field, mustRefuse(bodyBase[field], pick));
        if (accepts(route.body, roundTrip(body))) problems.push(`${key(route)} accepts ${field} = ${JSON.stringify(body[field])}`);
        else
          add({
            path: basePath + queryString(queryBase ?? {}),
            body: { json: body },
            why: `body.${field} = ${JSON.stringify(body[field])}`,
          });
      }
    }
  }
  for (const name of names) {
    const base = baseParams[name] ?? "";
    const refused = /^\d+$/.test(base) ? looseForms(Number(base)) : [`${base}%00`, `%00${base}`];
    for (const segment of refused) {
      const decoded = decodeSegment(segment);
      if (route.params && decoded !== undefined && accepts(route.params, { ...baseParams, [name]: decoded })) {
        problems.push(`${key(route)} accepts :${name} = ${segment}`);
      } else if (route.params || !/^\d+$/.test(base)) {
        add({ path: pathWith(route, { [name]: segment }) + queryString(queryBase ?? {}), body: baseBody, why: `:${name} = ${segment}` });
      }
    }
  }
  if (route.querystring && queryBase) {
    for (const field of queryFields) {
      const base = queryBase[field] ?? "";
      const refused = /^\d+$/.test(base) ? looseForms(Number(base)).map(decodeURIComponent) : [`${base}\u0000`];
      for (const value of [...refused, [base, base]]) {
        const query = { ...queryBase, [field]: value };
        if (accepts(route.querystring, query)) problems.push(`${key(route)} accepts ?${field}=${JSON.stringify(value)}`);
        else add({ path: basePath + queryString(query), body: baseBody, why: `?${field}=${JSON.stringify(value)}` });
      }
    }
  }

  // Random cases: hostile values in one part; when the schema happens to accept them, one must-refuse change more.
  const parts = [
    ...(bodyBase ? ["body", "body", "body"] : []),
    ...(route.method !== "GET" ? ["raw"] : []),
    ...(names.length ? ["param", "param"] : []),
    ...(queryBase ? ["query", "query"] : []),
    ...(isRead(route) ? ["anyQuery"] : []),
  ];
  if (parts.length === 0) return cases;
  const arbitrary = fc.record({
    part: fc.constantFrom(...parts),
    whole: fc.constantFrom<Json>(null, [], "just text", 42, true, [bodyBase ?? {}]),
    isWhole: fc.boolean(),
    changes: fc.array(
      fc.record({
        field: fc.oneof(fc.constantFrom(...(bodyFields.length ? bodyFields : ["x"])), fc.constantFrom(...extraFieldNames)),
        value: fc.option(hostileValue, { nil: undefined, freq: 6 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    rescue: fc.record({ field: fc.constantFrom(...(bodyFields.length ? bodyFields : ["x"])), pick: fc.nat() }),
    raw: fc.constantFrom(...malformedBodies),
    param: fc.constantFrom(...(names.length ? names : ["x"])),
    segment: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...hostileSegments) },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 30, unit: "binary" }).map((text) => encodeURIComponent(urlSafe(text))) },
    ),
    queryField: fc.oneof(
      fc.constantFrom(...(queryFields.length ? queryFields : ["q"])),
      fc.constantFrom("page", "limit", "__proto__", "status"),
    ),
    queryValue: fc.oneof(
      // Up to 20 kB: past Node's header limit, where its HTTP parser answers before Fastify does.
      hostileValue.map((value) => urlSafe(typeof value === "string" ? value.slice(0, 20_000) : (JSON.stringify(value) ?? ""))),
      fc.array(fc.constantFrom("1", "x", "\u0000"), { minLength: 2, maxLength: 3 }),
    ),
    withoutCsrfHeader: fc.boolean().map((value) => value && route.method !== "GET"),
    forged: fc.option(
      fc.oneof(
        forgedSecret.map((secret) => ({ Authorization: `Bearer ${secret}` })),
        forgedSecret.map((secret) => ({ Cookie: `pennybid_session=${secret}` })),
      ),
      { freq: 3 },
    ),
  });

  for (const pick of fc.sample(arbitrary, { seed, numRuns: HTTP_CASES_PER_ROUTE_AND_ACTOR })) {
    const why: string[] = [];
    let path = basePath + queryString(queryBase ?? {});
    let body: HttpCase["body"] = baseBody;
    let isInvalid = false;
    if (pick.part === "body" && bodyBase) {
      let json: Json = pick.whole;
      if (!pick.isWhole) {
        let fields = bodyBase;
        for (const change of pick.changes) {
          fields =
            change.value === undefined
              ? Object.fromEntries(Object.entries(fields).filter(([name]) => name !== change.field))
              : setField(fields, change.field, change.value);
        }
        if (accepts(route.body, roundTrip(fields)) && !isRead(route)) {
          fields = setField(fields, pick.rescue.field, mustRefuse(bodyBase[pick.rescue.field], pick.rescue.pick));
        }
        json = fields;
      }
      isInvalid = !accepts(route.body, roundTrip(json));
      body = { json };
      why.push(`body ${JSON.stringify(json)?.slice(0, 200)}`);
    } else if (pick.part === "raw") {
      body = pick.raw;
      isInvalid = true;
      why.push(`raw ${pick.raw.contentType} ${pick.raw.raw.slice(0, 60)}`);
    } else if (pick.part === "param") {
      const decoded = decodeSegment(pick.segment);
      isInvalid =
        decoded === undefined ||
        (route.params ? !accepts(route.params, { ...baseParams, [pick.param]: decoded }) : !/^\d+$/.test(baseParams[pick.param] ?? ""));
      path = pathWith(route, { [pick.param]: pick.segment }) + queryString(queryBase ?? {});
      why.push(`:${pick.param} = ${pick.segment}`);
    } else {
      const query = { ...(pick.part === "query" ? queryBase : {}), [pick.queryField]: pick.queryValue };
      isInvalid = route.querystring !== undefined && !accepts(route.querystring, query);
      path = basePath + queryString(query);
      why.push(`?${pick.queryField}=${JSON.stringify(pick.queryValue).slice(0, 80)}`);
    }
    // Reads change nothing, so they may carry hostile values their schema accepts; every other case must be invalid.
    if (!isInvalid && !isRead(route)) continue;
    const forged = actor.name === "stranger" && pick.forged ? pick.forged : undefined;
    if (forged) why.push(`forged ${JSON.stringify(forged).slice(0, 80)}`);
    add({ path, body, withoutCsrfHeader: pick.withoutCsrfHeader, ...(forged ? { forged } : {}), why: why.join(" ") });
  }
  return cases;
}

type Outcome = { status: number; contentType: string; body: Json };

async function send(kase: HttpCase): Promise<Outcome> {
  const headers: Record<string, string> = { "X-Forwarded-For": kase.actor.ip() };
  if (!kase.withoutCsrfHeader) headers["X-Requested-With"] = spaHeaders["X-Requested-With"];
  if (kase.actor.cookie) headers.Cookie = kase.actor.cookie;
  Object.assign(headers, kase.forged);
  let payload: string | undefined;
  if (kase.body && "json" in kase.body) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(kase.body.json);
  } else if (kase.body) {
    headers["Content-Type"] = kase.body.contentType;
    payload = kase.body.raw;
  }
  const method = kase.route.method;
  const response = await fetch(`${server.url}${kase.path}`, {
    method,
    headers,
    body: method === "GET" ? undefined : payload,
    redirect: "manual",
  });
  const text = await response.text();
  const contentType = response.headers.get("content-type") ?? "";
  let body: Json = text;
  if (contentType.includes("json")) {
    try {
      body = JSON.parse(text) as Json;
    } catch {
      body = text;
    }
  }
  return { status: response.status, contentType, body };
}

/** What is wrong with an answer, or undefined. */
function fault(kase: HttpCase, outcome: Outcome): string | undefined {
  if (outcome.status >= 500) return `answered ${outcome.status}`;
  if (outcome.status < 400) return isRead(kase.route) ? undefined : `accepted an invalid case with ${outcome.status}`;
  if (!outcome.contentType.startsWith("application/json")) return `refused with ${outcome.status} as ${outcome.contentType}`;
  if (!ApiErrorBody.safeParse(outcome.body).success)
    return `refused with ${outcome.status} outside the error shape: ${JSON.stringify(outcome.body).slice(0, 200)}`;
  return undefined;
}

let ipCounter = 0;
const strangerIp = () => `10.99.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  // Each actor's hostile socket payloads (about 330) go out as fast as they are answered, and an actor is one user whose
  // sockets share one command budget (decision 078; a fresh socket would not refill it): this server's budget holds
  // them all, so each reaches validation. The budget itself is tested in socket-budget.test.ts.
  server = await startTestServer({}, { commandBudget: { ...commandBudgetSettings, commands: 1_000 } });
  server.app.routes.forEach(collectRoute);
  const operator = await operatorClient(server, "10.98.0.1");
  const bidder = await bidderClient(server, "10.98.0.2");
  const won = await wonAuction(operator.client, bidder);
  // Rows the suite must leave alone: an auction running for an hour with an enrolment, a pending top-up.
  const running = (
    await operator.client.post("/api/operator/auctions", { title: "Toaster", initialSeconds: 3600, resetSeconds: 15, publish: true })
  ).body as OperatorAuction;
  await operator.client.post(`/api/operator/auctions/${running.id}/start-now`);
  await bidder.client.post(`/api/auctions/${running.id}/enrol`);
  await bidder.client.post(`/api/payments`, { amount: 10, language: "en" });
  baseParams = {
    auctionId: String(won),
    user: bidder.userId,
    id: "MainPage",
    paymentId: "00000000-0000-4000-8000-000000000000",
    // No such purchase: advancing it must answer 404 and change nothing.
    purchaseId: "999999",
    // No such review: hiding it must answer 404 and change nothing.
    reviewId: "999999",
    // No such code: disabling it must answer 404 and change nothing.
    code: "NOSUCHCODE",
    // No such withdrawal or payout: 404, nothing changes.
    withdrawalId: "00000000-0000-4000-8000-000000000000",
    payoutId: "00000000-0000-4000-8000-000000000000",
  };
  operatorApi = operator.client;
  actors = [
    { name: "stranger", cookie: "", ip: strangerIp },
    { name: "bidder", cookie: bidder.client.cookieHeader, ip: () => "10.98.0.2" },
    { name: "operator", cookie: operator.client.cookieHeader, ip: () => "10.98.0.1" },
  ];
  initial = await checksum(server.database.db);
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe("hostile input, generated from the contract", () => {
  it("answers every REST route's hostile cases without a 5xx, refuses in the error shape and changes nothing", async () => {
    const started = Date.now();
    const problems: string[] = [];
    // Routes the suite knows by their schemas; one declaring a schema without a valid example here is a gap.
    for (const route of routes) {
      if (route.body && !validBodies[key(route)]) problems.push(`${key(route)} declares a body: add a valid one to validBodies`);
      if (route.querystring && !validQueries[key(route)]) problems.push(`${key(route)} declares a query: add a valid one to validQueries`);
      for (const name of pathParamNames(route.url))
        if (!(name in baseParams)) problems.push(`${key(route)}: add a base value for :${name}`);
    }
    const cases = routes.flatMap((route, routeIndex) =>
      actors.flatMap((actor, actorIndex) => casesFor(route, actor, SEED + routeIndex * 31 + actorIndex, problems)),
    );
    expect([...new Set(problems)], `seed ${SEED}`).toEqual([]);

    const failures: string[] = [];
    for (let start = 0; start < cases.length; start += BATCH) {
      const batch = cases.slice(start, start + BATCH);
      const outcomes = await Promise.all(batch.map((kase) => send(kase)));
      batch.forEach((kase, index) => {
        const problem = fault(kase, outcomes[index]!);
        if (problem) failures.push(`${kase.actor.name} ${kase.route.method} ${kase.path.slice(0, 120)} [${kase.why}]: ${problem}`);
      });
      const now = await checksum(server.database.db);
      if (JSON.stringify(now) !== JSON.stringify(initial)) {
        const changed = Object.keys(now).filter((table) => now[table] !== initial[table]);
        failures.push(
          `rows changed (${changed.join(", ")}) in the batch: ${batch.map((kase) => `${kase.actor.name} ${kase.route.method} ${kase.path.slice(0, 80)} [${kase.why.slice(0, 120)}]`).join(" | ")}`,
        );
        initial = now;
      }
      if (failures.length > 40) break;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `hostile input (REST): ${cases.length} cases over ${routes.length} routes × ${actors.length} actors in ${seconds} s, seed ${SEED} (replay: HOSTILE_SEED=${SEED})`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(4000);
  }, 240_000);

  it("answers every socket command's hostile payloads with an error ack and changes nothing", async () => {
    const started = Date.now();
    const before = await checksum(server.database.db);
    const payloadBases: Record<keyof typeof commandPayloads, Record<string, Json>> = {
      "auctions:watch": { status: "Running" },
      "auctions:unwatch": { status: "Running" },
      "auction:subscribe": { auctionId: Number(baseParams.auctionId) },
      "auction:unsubscribe": { auctionId: Number(baseParams.auctionId) },
      "auction:enrol": { auctionId: Number(baseParams.auctionId) },
      "bid:place": { auctionId: Number(baseParams.auctionId) },
      "page:visibility": { visible: true },
    };
    let count = 0;
    const failures: string[] = [];
    for (const actor of actors) {
      const socket: Socket = connect(server.url, {
        transports: ["websocket"],
        forceNew: true,
        extraHeaders: { ...(actor.cookie ? { cookie: actor.cookie } : {}), "x-forwarded-for": actor.ip() },
      });
      await new Promise<void>((resolve, reject) => {
        socket.on("connect", resolve);
        socket.on("connect_error", reject);
      });
      try {
        for (const [index, [command, schema]] of Object.entries(commandPayloads).entries()) {
          const base = payloadBases[command as keyof typeof commandPayloads];
          const field = Object.keys(base)[0] ?? "";
          const sweep: Json[] = [
            ...[0, 1, 2, 3].map((pick) => ({ [field]: mustRefuse(base[field], pick) })),
            ...(typeof base[field] === "number"
              ? [1.5, 0, -1, 2 ** 31, 2 ** 53, 1e308, `0x${Number(base[field]).toString(16)}`, ` ${String(base[field])}`].map((value) => ({
                  [field]: value,
                }))
              : []),
            null,
            "text",
            42,
            [],
            [base],
            {},
          ];
          const random = fc
            .sample(fc.record({ value: socketValue, asWhole: fc.boolean(), extra: fc.constantFrom(...extraFieldNames) }), {
              seed: SEED + 7919 * (index + 1) + actors.indexOf(actor),
              numRuns: SOCKET_CASES_PER_COMMAND_AND_ACTOR,
            })
            .map(({ value, asWhole, extra }) =>
              asWhole ? value : setField({ ...base, [field]: value }, extra === "" ? "x" : extra, value),
            );
          const payloads = [...sweep, ...random].filter((payload) => !schema.safeParse(roundTrip(payload)).success);
          for (const payload of sweep) {
            if (schema.safeParse(roundTrip(payload)).success) failures.push(`${command} accepts ${JSON.stringify(payload)}`);
          }
          for (let start = 0; start < payloads.length; start += BATCH) {
            const batch = payloads.slice(start, start + BATCH);
            const acks = await Promise.all(
              batch.map((payload) =>
                socket
                  .timeout(5_000)
                  .emitWithAck(command, payload)
                  .catch((error: unknown) => ({ noAck: String(error) })),
              ),
            );
            acks.forEach((ack, at) => {
              count += 1;
              // Refused by its schema, not by the command budget: this server's budget holds them all (see beforeAll).
              const refusal = ApiErrorBody.safeParse(ack);
              if (!refusal.success || refusal.data.error.code !== "VALIDATION_FAILED")
                failures.push(`${actor.name} ${command} ${JSON.stringify(batch[at])?.slice(0, 120)}: ${JSON.stringify(ack).slice(0, 160)}`);
            });
          }
        }
      } finally {
        socket.close();
      }
    }
    expect(await checksum(server.database.db)).toEqual(before);
    console.log(
      `hostile input (socket): ${count} payloads over ${Object.keys(commandPayloads).length} commands × ${actors.length} actors in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(600);
  }, 120_000);
});

// Issue 51's classes. Display names first: a base name (one a bidder has, one the service keeps, or one no one has
// yet) spelled with look-alike letters, other capitals, fullwidth and mathematical letters, with what cannot be seen
// or an "@" put inside it.
const codePoints = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, at) => String.fromCodePoint(from + at));
/** What no one reading a name sees: zero-width and bidi controls, invisible operators, the BOM, the soft hyphen, fillers, variation selectors. */
const invisibles = [
  ...codePoints(0x200b, 0x200f),
  ...codePoints(0x202a, 0x202e),
  ...codePoints(0x2060, 0x2064),
  "\ufeff",
  "\u00ad",
  "\u3164",
  "\u2800",
  "\u115f",
  "\uffa0",
  "\u180e",
  ...codePoints(0xfe00, 0xfe0f),
];
/**
 * Latin letters and the Cyrillic (а с е і ј о р ѕ х у) and Greek (α ο ρ ν) letters that pass for them, by TR39. Greek ε
 * is left out: TR39 takes it for ꞓ, not e, so "pεnnybid" is a name of its own.
 */
const lookAlikes: Record<string, string[]> = {
  a: ["\u0430", "\u03b1"],
  c: ["\u0441"],
  e: ["\u0435"],
  i: ["\u0456"],
  j: ["\u0458"],
  o: ["\u043e", "\u03bf"],
  p: ["\u0440", "\u03c1"],
  s: ["\u0455"],
  v: ["\u03bd"],
  x: ["\u0445"],
  y: ["\u0443"],
};
/** Where "a" is in the mathematical bold, sans-serif bold and monospace alphabets (NFKC reads them as a to z). */
const mathAlphabets = [0x1d41a, 0x1d5ee, 0x1d68a];
type Disguise = "same" | "capital" | "lookAlike" | "fullwidth" | "math";
type NameRoute = "sign-up" | "profile" | "operator";
const reservedNames = ["operator", "admin", "staff", "pennybid", "pennybid_support"];
/** Bidders' names, signed up before the cases: no one else may take one of them, however it is spelled. */
const ownedNames = ["jasper_cox", "sophie_days"];
/** Names no one has yet: the first to ask for one (in any spelling) gets it, and then no one else. */
const freeNames = ["pixie_joy", "cassia_pope", "ivy_spice", "poppy_sea"];
const NAME_CASES = 60;

function disguised(base: string, disguises: Disguise[], pick: number): string {
  return [...base]
    .map((char, at) => {
      const code = char.codePointAt(0) ?? 0;
      const isLetter = /[a-z]/.test(char);
      switch (disguises[at % disguises.length]) {
        case "capital":
          return char.toUpperCase();
        case "lookAlike": {
          const options = lookAlikes[char];
          return options ? options[(pick + at) % options.length]! : char;
        }
        case "fullwidth":
          return String.fromCodePoint(code + 0xfee0);
        case "math":
          return isLetter ? String.fromCodePoint(mathAlphabets[(pick + at) % mathAlphabets.length]! + code - 0x61) : char;
        default:
          return char;
      }
    })
    .join("");
}

/** `text` with `char` put between two of its characters, never first or last (where trimming could take it away). */
function insideOf(text: string, char: string, at: number): string {
  const chars = [...text];
  const cut = 1 + (at % (chars.length - 1));
  return [...chars.slice(0, cut), char, ...chars.slice(cut)].join("");
}

/** A name as a failure message shows it: what is not plain ASCII as code points. */
const spelled = (text: string) => text.replace(/[^\x20-\x7e]/gu, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`);

const nameCase = fc.record({
  route: fc.constantFrom<NameRoute>("sign-up", "profile", "operator"),
  base: fc.constantFrom(...reservedNames, ...ownedNames, ...freeNames),
  disguises: fc.array(fc.constantFrom<Disguise>("same", "same", "capital", "lookAlike", "lookAlike", "fullwidth", "math"), {
    minLength: 1,
    maxLength: 25,
  }),
  pick: fc.nat(),
  unseen: fc.oneof(
    { weight: 2, arbitrary: fc.constant<{ char: string; at: number }[]>([]) },
    { weight: 1, arbitrary: fc.array(fc.record({ char: fc.constantFrom(...invisibles), at: fc.nat() }), { minLength: 1, maxLength: 2 }) },
  ),
  // An @ as typed, fullwidth and small: NFKC makes all three "@".
  at: fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.record({ char: fc.constantFrom("@", "\uff20", "\ufe6b"), at: fc.nat() }) },
  ),
});

// Bytes that are not UTF-8, spliced into a string of a valid body: lone bytes that never begin a character, overlong
// forms, encoded surrogates, a code point past U+10FFFF, a five-byte form, a lone continuation byte, and characters
// cut short before the string's closing quote.
const invalidUtf8: { bytes: number[]; isAtEnd?: boolean }[] = [
  { bytes: [0xff] },
  { bytes: [0xfe] },
  { bytes: [0xc0, 0xaf] },
  { bytes: [0xc1, 0xbf] },
  { bytes: [0xe0, 0x80, 0xaf] },
  { bytes: [0xed, 0xa0, 0x80] },
  { bytes: [0xed, 0xbf, 0xbf] },
  { bytes: [0xf4, 0x90, 0x80, 0x80] },
  { bytes: [0xf8, 0x88, 0x80, 0x80, 0x80] },
  { bytes: [0x80] },
  { bytes: [0xe2, 0x82], isAtEnd: true },
  { bytes: [0xf0, 0x9f, 0x98], isAtEnd: true },
  { bytes: [0xc3], isAtEnd: true },
];
const UTF8_CASES_PER_ROUTE = 3;
const SPLICE = "SPLICEDBYTESGOHERE";

/** The paths of a JSON value's strings: ["texts", "en", "title"]. */
function stringPaths(value: Json, at: string[] = []): string[][] {
  if (typeof value === "string") return [at];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([name, item]) => stringPaths(item as Json, [...at, name]));
  return [];
}

/** A valid body with bad bytes in one of its strings (a field no schema has when it has none), as bytes. */
function withInvalidUtf8(
  body: Record<string, Json>,
  pick: { leaf: number; at: number; bad: (typeof invalidUtf8)[number] },
): { bytes: Uint8Array<ArrayBuffer>; why: string } {
  const copy = structuredClone(body);
  const paths = stringPaths(copy);
  const path = paths.length ? paths[pick.leaf % paths.length]! : ["note"];
  const name = path.at(-1)!;
  const parent = path.slice(0, -1).reduce<Record<string, Json>>((object, step) => object[step] as Record<string, Json>, copy);
  const old = typeof parent[name] === "string" ? parent[name] : "";
  const cut = pick.bad.isAtEnd ? old.length : pick.at % (old.length + 1);
  parent[name] = old.slice(0, cut) + SPLICE + old.slice(cut);
  const [head = "", tail = ""] = JSON.stringify(copy).split(SPLICE);
  const encoder = new TextEncoder();
  const bytes = new Uint8Array([...encoder.encode(head), ...pick.bad.bytes, ...encoder.encode(tail)]);
  return {
    bytes,
    why: `${path.join(".")} with ${pick.bad.bytes.map((byte) => byte.toString(16).toUpperCase().padStart(2, "0")).join(" ")} at ${cut}`,
  };
}

const LOOKUP_CASES = 120;
/** Fastify's longest path parameter (find-my-way's maxParamLength): a longer key is refused with 414 before routing. */
const PARAM_LENGTH_MAX = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
type Member = { id: string; email: string; displayName: string };
const recased = (text: string, capitals: boolean[]) =>
  [...text].map((char, at) => (capitals[at % capitals.length] ? char.toUpperCase() : char.toLowerCase())).join("");

/**
 * Whom a key names, by the spec (issue 51, STYLE.md 32), worked out here from the rows: after trimming, an id when it
 * is a uuid, else an e-mail when it holds "@", else a display name, each in any case and against its own column only.
 */
function namedBy(key: string, members: Member[]): Member | "too long" | "refused" | undefined {
  if (key.length > PARAM_LENGTH_MAX) return "too long";
  const wanted = key.trim().toLowerCase();
  if (wanted.length === 0 || wanted.length > 255) return "refused";
  if (UUID.test(wanted)) return members.find((member) => member.id === wanted);
  if (wanted.includes("@")) return members.find((member) => member.email.toLowerCase() === wanted);
  return members.find((member) => member.displayName.toLowerCase() === wanted);
}

/** Floods from an anonymous socket and a signed-in one, each all at once and paced. */
const FLOODS = [
  { isSignedIn: false, isPaced: false },
  { isSignedIn: false, isPaced: true },
  { isSignedIn: true, isPaced: false },
  { isSignedIn: true, isPaced: true },
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What is wrong with an answer that should have been `status`, or undefined. */
function unexpected(answer: { status: number; body: unknown }, status: number): string | undefined {
  if (answer.status !== status) return `answered ${answer.status}, not ${status}: ${JSON.stringify(answer.body)?.slice(0, 200)}`;
  if (status >= 400 && !ApiErrorBody.safeParse(answer.body).success)
    return `refused outside the error shape: ${JSON.stringify(answer.body)?.slice(0, 200)}`;
  return undefined;
}

describe("hostile input, issue 51's classes", () => {
  it("never stores a look-alike of another user's name, a reserved name or an unseen character, at sign-up, on the profile or by an operator", async () => {
    const started = Date.now();
    const db = server.database.db;
    const owners = new Map<string, string>();
    for (const [index, name] of ownedNames.entries()) {
      owners.set(name, (await bidderClient(server, `10.97.0.${index + 1}`, { displayName: name })).body.email);
    }
    // The bidder whose profile takes the names; it owns the free name it took last (a look-alike of it stays its own).
    const chameleon = await bidderClient(server, "10.97.0.9", { displayName: "quill_kettle" });
    const problems = [...reservedNames, ...ownedNames, ...freeNames].flatMap((name, index, all) =>
      all
        .slice(index + 1)
        .filter((other) => displayNameSkeleton(other) === displayNameSkeleton(name))
        .map((other) => `${name} looks like ${other}`),
    );
    expect(problems, "the base names must not look alike").toEqual([]);

    const failures: string[] = [];
    const counts = { stored: 0, refused: 0 };
    for (const [index, pick] of fc.sample(nameCase, { seed: SEED + 65_537, numRuns: NAME_CASES }).entries()) {
      let name = disguised(pick.base, pick.disguises, pick.pick);
      for (const { char, at } of pick.unseen) name = insideOf(name, char, at);
      if (pick.at) name = insideOf(name, pick.at.char, pick.at.at);
      const email = `names.${index}@example.lv`;
      const actor = pick.route === "profile" ? chameleon.body.email : email;
      const owner = owners.get(pick.base);
      const expected =
        pick.unseen.length > 0 || pick.at
          ? 400
          : pick.route !== "operator" && reservedNames.includes(pick.base)
            ? 400
            : owner !== undefined && owner !== actor
              ? 409
              : pick.route === "profile"
                ? 200
                : 201;

      const before = await checksum(db);
      const answer =
        pick.route === "sign-up"
          ? await new TestClient(server.url, strangerIp()).post("/authn/sign-up", {
              ...validBodies["POST /authn/sign-up"],
              email,
              displayName: name,
            })
          : pick.route === "profile"
            ? await chameleon.client.put("/api/users/profile", { ...validBodies["PUT /api/users/profile"], displayName: name })
            : await operatorApi.post("/api/operator/users", { ...validBodies["POST /api/operator/users"], email, displayName: name });
      const why = `${pick.route} "${spelled(name)}" (from ${pick.base}${owner ? `, ${owner}'s` : ""})`;
      const problem = unexpected(answer, expected);
      if (problem) failures.push(`${why}: ${problem}`);
      if (expected >= 400) {
        counts.refused += 1;
        if (JSON.stringify(await checksum(db)) !== JSON.stringify(before)) failures.push(`${why}: refused, yet rows changed`);
        continue;
      }
      counts.stored += 1;
      const [row] = await db.query<{ display_name: string }>("select display_name from users where email_key = $1", [actor.toLowerCase()]);
      if (row?.display_name !== name.normalize("NFKC"))
        failures.push(`${why}: stored as "${spelled(row?.display_name ?? "nothing")}", not as its NFKC form`);
      if (pick.route === "profile") owners.forEach((who, base) => who === actor && owners.delete(base));
      owners.set(pick.base, actor);
    }

    // Whatever the order of the cases, no two names in use look alike, and none holds what cannot be seen or an "@".
    // (A name from before these rules waits for its owner to choose another: decision 079.)
    const rows = await db.query<{ email: string; display_name: string }>(
      "select email, display_name from users where not display_name_needs_change",
    );
    const bySkeleton = new Map<string, typeof rows>();
    for (const row of rows)
      bySkeleton.set(displayNameSkeleton(row.display_name), [...(bySkeleton.get(displayNameSkeleton(row.display_name)) ?? []), row]);
    const alike = [...bySkeleton.values()]
      .filter((group) => group.length > 1)
      .map((group) => group.map((row) => `${row.email}: ${spelled(row.display_name)}`).join(" ~ "));
    const unseen = new Set(invisibles.flatMap((char) => [char, char.normalize("NFKC")]));
    const unseenStored = rows.filter((row) => row.display_name.includes("@") || [...row.display_name].some((char) => unseen.has(char)));
    console.log(
      `hostile input (display names): ${NAME_CASES} cases, ${counts.stored} stored, ${counts.refused} refused, in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(alike, `seed ${SEED}`).toEqual([]);
    expect(
      unseenStored.map((row) => `${row.email}: ${spelled(row.display_name)}`),
      `seed ${SEED}`,
    ).toEqual([]);
    // Both ways out are walked: a generator that only ever refused (or stored) would prove little.
    expect(counts.stored).toBeGreaterThanOrEqual(5);
    expect(counts.refused).toBeGreaterThanOrEqual(20);
  }, 120_000);

  it("refuses a JSON body with bytes that are not UTF-8 in a string with 400 BAD_REQUEST on every JSON route, and changes nothing", async () => {
    const started = Date.now();
    const before = await checksum(server.database.db);
    const jsonRoutes = routes.filter((route) => route.body && validBodies[key(route)]);
    const pickBytes = fc.record({ leaf: fc.nat(), at: fc.nat(), bad: fc.constantFrom(...invalidUtf8) });
    // As the operator, whom no route refuses before it reads the body.
    const cases = jsonRoutes.flatMap((route, index) =>
      fc.sample(pickBytes, { seed: SEED + 104_729 + index, numRuns: UTF8_CASES_PER_ROUTE }).map((pick) => ({
        route,
        path: pathWith(route, {}) + queryString(validQueries[key(route)] ?? {}),
        ...withInvalidUtf8(validBodies[key(route)]!, pick),
      })),
    );
    const failures: string[] = [];
    for (let start = 0; start < cases.length; start += BATCH) {
      const batch = cases.slice(start, start + BATCH);
      const answers = await Promise.all(batch.map((kase) => operatorApi.request(kase.route.method, kase.path, new Blob([kase.bytes]))));
      batch.forEach((kase, at) => {
        const answer = answers[at]!;
        const problem =
          unexpected(answer, 400) ??
          (ApiErrorBody.parse(answer.body).error.code === "BAD_REQUEST"
            ? undefined
            : `refused as ${ApiErrorBody.parse(answer.body).error.code}, not BAD_REQUEST`);
        if (problem) failures.push(`${key(kase.route)} [${kase.why}]: ${problem}`);
      });
    }
    const after = await checksum(server.database.db);
    console.log(
      `hostile input (UTF-8): ${cases.length} bodies over ${jsonRoutes.length} JSON routes in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(after).toEqual(before);
    expect(jsonRoutes.length).toBeGreaterThanOrEqual(30);
  }, 60_000);

  it("shows, credits and changes the role of the user whose own id, e-mail or display name the key is, never an impostor", async () => {
    const started = Date.now();
    const db = server.database.db;
    const signUp = async (email: string, displayName: string, ip: string) =>
      (await bidderClient(server, ip, { email, displayName })).userId;
    // Rows from before display names were checked: an impostor named after a victim's e-mail, stored before the victim
    // and after, and one named like an e-mail that is no one's.
    const impostorFirst = await signUp("lu.ivo@pb.lv", "lu_ivo", "10.97.1.1");
    const victim = await signUp("lu.vera@pb.lv", "lu_vera", "10.97.1.2");
    const victimFirst = await signUp("lu.vilis@pb.lv", "lu_vilis", "10.97.1.3");
    const impostorAfter = await signUp("lu.ilze@pb.lv", "lu_ilze", "10.97.1.4");
    const lookingBoth = await signUp("lu.hugo@pb.lv", "lu_hugo", "10.97.1.5");
    for (const [id, displayName] of [
      [impostorFirst, "LU.VERA@PB.LV"],
      [impostorAfter, "lu.Vilis@pb.lv"],
      [lookingBoth, "who@nowhere.lv"],
    ] as const) {
      await db.query("update users set display_name = $2, display_name_key = lower($2), display_name_skeleton = null where id = $1", [
        id,
        displayName,
      ]);
    }
    await settleDisplayNames(db);
    const population = await db.query<Member>('select id, email, display_name as "displayName" from users where id = any($1::uuid[])', [
      [impostorFirst, victim, victimFirst, impostorAfter, lookingBoth],
    ]);
    const everyone = await db.query<Member>('select id, email, display_name as "displayName" from users');

    const capitals = fc.array(fc.boolean(), { minLength: 1, maxLength: 8 });
    const padding = fc.constantFrom("", "", " ", "  ", "\t");
    const ofMember = (column: keyof Member) =>
      fc
        .tuple(fc.constantFrom(...population), capitals, padding)
        .map(([member, caps, pad]) => ({ key: pad + recased(member[column], caps) + pad, kind: column as string }));
    const lookupKey = fc.oneof(
      { weight: 3, arbitrary: ofMember("id") },
      { weight: 3, arbitrary: ofMember("email") },
      // Impostors' names among them: an e-mail, which must find the e-mail's owner.
      { weight: 4, arbitrary: ofMember("displayName") },
      { weight: 1, arbitrary: fc.tuple(fc.uuid(), capitals).map(([uuid, caps]) => ({ key: recased(uuid, caps), kind: "no one's id" })) },
      { weight: 1, arbitrary: fc.constantFrom(" ", "   ", "\t", "\u00a0").map((text) => ({ key: text, kind: "empty-ish" })) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(
            "y".repeat(100),
            "y".repeat(101),
            "x".repeat(256),
            `${"a".repeat(94)}@pb.lv`,
            `${"a".repeat(95)}@pb.lv`,
            `${" ".repeat(40)}lu.vera@pb.lv${" ".repeat(47)}`,
            `lu.vera@pb.lv${" ".repeat(88)}`,
          )
          .map((text) => ({ key: text, kind: "overlong" })),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom(...population), fc.constantFrom("@", "@pb.lv", "@nowhere.lv"))
          .map(([member, tail]) => ({ key: `${member.displayName.split("@")[0]}${tail}`, kind: "a name with an @" })),
      },
      { weight: 1, arbitrary: fc.constantFrom(...population).map((member) => ({ key: `${member.id}@pb.lv`, kind: "an id with an @" })) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom("%", "_", "%@%", "lu_%", "lu.%@pb.lv", "' or 1=1 --", "*")
          .map((text) => ({ key: text, kind: "a pattern" })),
      },
    );
    const lookup = fc.record({
      key: lookupKey,
      action: fc.constantFrom("show", "credit", "role"),
      amountCents: fc.integer({ min: 1, max: 999 }),
      role: fc.constantFrom("bidder", "operator"),
    });
    type Account = { role: string; balance_cents: number };
    const accounts = async () =>
      new Map(
        (
          await db.query<Account & { id: string }>(
            "select u.id, u.role, coalesce(w.balance_cents, 0) as balance_cents from users u left join wallets w on w.user_id = u.id",
          )
        ).map(({ id, ...account }) => [id, account]),
      );

    const failures: string[] = [];
    const kinds = new Map<string, number>();
    for (const pick of fc.sample(lookup, { seed: SEED + 7_368_787, numRuns: LOOKUP_CASES })) {
      const named = namedBy(pick.key.key, everyone);
      const path = `/api/operator/users/${encodeURIComponent(pick.key.key)}`;
      const before = await accounts();
      const answer =
        pick.action === "show"
          ? await operatorApi.get(path)
          : pick.action === "credit"
            ? await operatorApi.post(`${path}/wallet`, { amountCents: pick.amountCents, reason: "Hostile lookup" })
            : await operatorApi.post(`${path}/role`, { role: pick.role });
      const after = await accounts();
      const why = `${pick.action} ${pick.key.kind} ${JSON.stringify(pick.key.key).slice(0, 60)}`;
      kinds.set(pick.key.kind, (kinds.get(pick.key.kind) ?? 0) + 1);

      const problem = unexpected(answer, named === "too long" ? 414 : named === "refused" ? 400 : named ? 200 : 404);
      if (problem) failures.push(`${why}: ${problem}`);
      const user = typeof named === "object" ? named : undefined;
      const answered = (answer.body as Partial<OperatorUser> | undefined)?.id;
      if (user && answered !== user.id) failures.push(`${why}: answered with ${answered}, not ${user.email}`);
      // Only the named user's account changes, and only as asked.
      const wanted = new Map(before);
      if (user && pick.action === "credit")
        wanted.set(user.id, { ...before.get(user.id)!, balance_cents: before.get(user.id)!.balance_cents + pick.amountCents });
      if (user && pick.action === "role") wanted.set(user.id, { ...before.get(user.id)!, role: pick.role });
      const changed = [...after].filter(([id, account]) => JSON.stringify(account) !== JSON.stringify(wanted.get(id)));
      if (changed.length)
        failures.push(
          `${why}: changed ${changed.map(([id, account]) => `${everyone.find((member) => member.id === id)?.email ?? id} to ${JSON.stringify(account)}`).join(", ")}`,
        );
    }
    console.log(
      `hostile input (lookup): ${LOOKUP_CASES} lookups (${[...kinds].map(([kind, count]) => `${count} ${kind}`).join(", ")}) in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 60_000);

  it("answers a flood of hostile commands past the product's budget with error acks and a disconnect, while another user's clock still syncs", async () => {
    const started = Date.now();
    // The product's budget, not the raised one of this file's server.
    const floodServer = await startTestServer();
    const opened: LiveClient[] = [];
    const { commands: BUDGET, refusalsBeforeDisconnect: REFUSALS } = commandBudgetSettings;
    type Answer = { data?: unknown; error?: { code: string } } | "cut off";
    const ask = (send: () => Promise<unknown>): Promise<Answer> =>
      send().then(
        (answer) => answer as Answer,
        () => "cut off" as const,
      );
    const codeOf = (answer: Answer) => (answer === "cut off" ? answer : answer.error ? answer.error.code : "data");
    try {
      const bystander = await bidderClient(floodServer, "10.97.2.1");
      const watcher = await openSocket(floodServer.url, opened, bystander.client.cookieHeader);
      const clockSync = () => ask(() => watcher.timeout(5_000).emitWithAck("clock:sync", {}));
      const commandNames = Object.keys(commandPayloads) as (keyof typeof commandPayloads)[];
      const hostileCommand = fc
        .record({ command: fc.constantFrom(...commandNames), value: socketValue, isWhole: fc.boolean() })
        .map(({ command, value, isWhole }) => ({
          command,
          payload: isWhole ? value : setField({}, shapeKeys(commandPayloads[command])[0] ?? "x", value),
        }))
        .filter(({ command, payload }) => !commandPayloads[command].safeParse(roundTrip(payload)).success);
      // How far past the budget and its refusals a flood goes, and the commands it cycles through.
      const flood = fc.record({
        beyond: fc.integer({ min: 1, max: 100 }),
        commands: fc.array(hostileCommand, { minLength: 20, maxLength: 40 }),
      });
      const failures: string[] = [];
      let count = 0;
      // A paced flood sends the budget's commands first and the rest once they are answered: in one burst the disconnect
      // may overtake the budget's own answers (their handlers answer a turn later), so only a paced flood shows them all.
      const floods = fc
        .sample(flood, { seed: SEED + 15_485_863, numRuns: FLOODS.length })
        .map((pick, index) => ({ ...pick, ...FLOODS[index]! }));
      for (const [index, pick] of floods.entries()) {
        const cookie = pick.isSignedIn ? (await bidderClient(floodServer, `10.97.2.${index + 2}`)).client.cookieHeader : "";
        // Untyped: the payloads are what the events' types forbid.
        const flooder = (await openSocket(floodServer.url, opened, cookie)) as unknown as Socket;
        const closed = new Promise<string>((resolve) => flooder.on("disconnect", (reason) => resolve(reason)));
        const before = await checksum(floodServer.database.db);
        let isFlooding = true;
        const syncs: Answer[] = [];
        const syncing = (async () => {
          for (; isFlooding && syncs.length < 40; await sleep(25)) syncs.push(await clockSync());
        })();
        const total = BUDGET + REFUSALS + pick.beyond;
        const send = (from: number, to: number) =>
          Promise.all(
            Array.from({ length: to - from }, (_, at) => {
              const { command, payload } = pick.commands[(from + at) % pick.commands.length]!;
              return ask(() => flooder.timeout(10_000).emitWithAck(command, payload));
            }),
          );
        const answers = pick.isPaced ? [...(await send(0, BUDGET)), ...(await send(BUDGET, total))] : await send(0, total);
        const reason = await Promise.race([closed, sleep(5_000).then(() => "still connected")]);
        isFlooding = false;
        await syncing;
        syncs.push(await clockSync());
        count += total;

        const why = `flood ${index + 1} (${pick.isSignedIn ? "signed in" : "anonymous"}, ${pick.isPaced ? "paced" : "at once"}, ${total} commands)`;
        const codes = answers.map(codeOf);
        const outOfShape = answers.filter((answer) => answer !== "cut off" && !ApiErrorBody.safeParse(answer).success);
        if (outOfShape.length) failures.push(`${why}: acks outside the error shape: ${JSON.stringify(outOfShape.slice(0, 3))}`);
        // The budget's commands reach their schemas, the next are refused, and the socket is cut off after them.
        const expected = [
          ...Array<string>(BUDGET).fill("VALIDATION_FAILED"),
          ...Array<string>(REFUSALS).fill("COMMANDS_TOO_FAST"),
          ...Array<string>(pick.beyond).fill("cut off"),
        ];
        const isOvertaken = (code: string, at: number) => !pick.isPaced && at < BUDGET && code === "cut off";
        const wrong = codes.flatMap((code, at) =>
          code === expected[at] || isOvertaken(code, at) ? [] : [`#${at + 1} ${code}, not ${expected[at]}`],
        );
        if (wrong.length)
          failures.push(`${why}: ${wrong.slice(0, 5).join("; ")}${wrong.length > 5 ? ` and ${wrong.length - 5} more` : ""}`);
        if (reason !== "transport close") failures.push(`${why}: the flooder was ${reason}, not disconnected`);
        const unsynced = syncs.filter((answer) => !ClockSyncAck.safeParse(answer).success);
        if (syncs.length < 2 || unsynced.length)
          failures.push(`${why}: the other user's clock:sync answered ${JSON.stringify(unsynced.slice(0, 3))} of ${syncs.length}`);
        if (JSON.stringify(await checksum(floodServer.database.db)) !== JSON.stringify(before)) failures.push(`${why}: rows changed`);
      }
      const health = await fetch(`${floodServer.url}/api/health`);
      console.log(
        `hostile input (flood): ${count} commands in ${FLOODS.length} floods in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}`,
      );
      expect(failures, `seed ${SEED}`).toEqual([]);
      expect(health.status).toBe(200);
      expect(watcher.connected).toBe(true);
    } finally {
      opened.forEach((socket) => socket.disconnect());
      await floodServer.close();
    }
  }, 90_000);
});
