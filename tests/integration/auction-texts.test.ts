// An auction's title and description in en, lv and ru (issue 19 item 7, decision 030): operators give them through
// the API, bidders read their own language with SPEC.md's fallback order (en, lv, ru), the search matches any of
// them, the feed sends one title to everyone, and migration 014 keeps the text existing auctions had.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AuctionDetail,
  AuctionListResponse,
  AuctionCardState,
  SearchAuctionsResponse,
  type ClientToServerEvents,
  type Language,
  type OperatorAuction,
  type OperatorAuctionDetail,
  type ServerToClientEvents,
} from "../../contract";
import { spaHeaders } from "../../sim/api-client";
import { TestClient } from "../support/client";
import { bidderClient, operatorClient } from "../support/scene";
import { openTestDatabase } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

const lamp = {
  en: { title: "Desk lamp", description: "A warm LED desk lamp." },
  lv: { title: "Galda lampa", description: "Silta LED galda lampa." },
  ru: { title: "Настольная лампа", description: "Тёплая светодиодная настольная лампа." },
};

describe("auction texts in three languages", () => {
  let server: TestServer;
  let operator: TestClient;
  let reader: TestClient;

  const create = async (texts: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const answer = await operator.post("/api/operator/auctions", {
      texts,
      initialSeconds: 60,
      resetSeconds: 15,
      startsInSeconds: 3600,
      ...extra,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as OperatorAuction;
  };
  const inLanguage = (language?: Language) => (language ? { ...spaHeaders, "Accept-Language": language } : spaHeaders);
  const detail = async (id: number, language?: Language) => {
    const answer = await reader.request("GET", `/api/auctions/${id}`, undefined, inLanguage(language));
    expect(answer.status).toBe(200);
    return AuctionDetail.parse(answer.body);
  };
  const search = async (query: string, language?: Language) => {
    const answer = await reader.request("POST", "/api/auctions/search", { status: "Waiting", query }, inLanguage(language));
    expect(answer.status).toBe(200);
    return SearchAuctionsResponse.parse(answer.body);
  };

  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), "pennybid-auction-texts-"));
    writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><html><head></head><body></body></html>");
    server = await startTestServer({ STATIC_DIR: staticDir });
    operator = (await operatorClient(server, "10.41.0.1")).client;
    reader = new TestClient(server.url, "10.41.0.2");
  });
  afterAll(async () => {
    await server.close();
  });

  it("creates with three languages and shows each bidder their own, with the catalogue title in English", async () => {
    const made = await create(lamp, { publish: true });
    expect(made.title).toBe("Desk lamp");
    for (const language of ["en", "lv", "ru"] as const) {
      expect(await detail(made.id, language)).toMatchObject(lamp[language]);
    }
    // A browser's own list is read by its weights; no language at all is SPEC.md's default, Latvian.
    const russian = await reader.request("GET", `/api/auctions/${made.id}`, undefined, {
      ...spaHeaders,
      "Accept-Language": "de-DE,ru;q=0.9,en;q=0.8",
    });
    expect((russian.body as AuctionDetail).title).toBe(lamp.ru.title);
    expect((await detail(made.id)).title).toBe(lamp.lv.title);
    // The operator reads every language back.
    const operatorView = (await operator.get(`/api/operator/auctions/${made.id}`)).body as OperatorAuctionDetail;
    expect(operatorView.texts).toEqual(lamp);
  });

  it("falls back en, lv, ru for a missing text, the title and the description each on its own", async () => {
    const noEnglish = await create({ lv: lamp.lv, ru: lamp.ru }, { publish: true });
    expect(noEnglish.title).toBe(lamp.lv.title);
    expect(await detail(noEnglish.id, "en")).toMatchObject(lamp.lv);
    expect(await detail(noEnglish.id, "ru")).toMatchObject(lamp.ru);

    const russianOnly = await create({ ru: lamp.ru }, { publish: true });
    expect(await detail(russianOnly.id, "lv")).toMatchObject(lamp.ru);

    // A Latvian title without a description reads the English description, not an empty one.
    const latvianTitleOnly = await create({ en: lamp.en, lv: { title: "Lampa bez apraksta" } }, { publish: true });
    expect(await detail(latvianTitleOnly.id, "lv")).toMatchObject({ title: "Lampa bez apraksta", description: lamp.en.description });
  });

  it("finds an auction by its title in any language, answering in the reader's", async () => {
    const tag = `${Date.now() % 100_000}`;
    const made = await create(
      { en: { title: `Kettle ${tag}` }, lv: { title: `Tējkanna ${tag}` }, ru: { title: `Чайник ${tag}` } },
      { publish: true },
    );
    const found = await search(`ЧАЙНИК ${tag}`, "en");
    expect(found.items.map((item) => [item.id, item.title])).toEqual([[made.id, `Kettle ${tag}`]]);
    expect((await search(`tējkanna ${tag}`, "ru")).items.map((item) => item.title)).toEqual([`Чайник ${tag}`]);
    expect((await search(`Kettle ${tag}`, "lv")).items.map((item) => item.title)).toEqual([`Tējkanna ${tag}`]);
    // The operators' list searches every language too.
    const listed = (await operator.get(`/api/operator/auctions?search=${encodeURIComponent(`чайник ${tag}`)}`)).body as {
      items: OperatorAuction[];
    };
    expect(listed.items.map((item) => item.id)).toEqual([made.id]);
  });

  it("serves a bidder's own lists in their language", async () => {
    const { client: bidder } = await bidderClient(server, "10.41.0.3");
    const made = await create(lamp, { publish: true });
    expect((await bidder.request("PUT", `/api/favourites/${made.id}`, { isFavourite: true })).status).toBe(200);
    const favourites = await bidder.request("GET", "/api/favourites", undefined, inLanguage("ru"));
    expect(AuctionListResponse.parse(favourites.body).items.map((item) => item.title)).toEqual([lamp.ru.title]);
  });

  it("edits a draft's whole set of texts; the catalogue title follows the first language left", async () => {
    const made = await create(lamp);
    const path = `/api/operator/auctions/${made.id}`;
    const edited = await operator.request("PATCH", path, { texts: { lv: { title: "Sarkana lampa", description: "" }, ru: lamp.ru } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ title: "Sarkana lampa", texts: { lv: { title: "Sarkana lampa", description: "" }, ru: lamp.ru } });
    expect((edited.body as OperatorAuctionDetail).texts.en).toBeUndefined();
    // Refused, and nothing changed: no title at all, a description without its title, an unknown language.
    for (const texts of [{}, { lv: { description: "Tikai apraksts" } }, { de: { title: "Lampe" } }]) {
      expect((await operator.request("PATCH", path, { texts })).status).toBe(400);
    }
    expect(((await operator.get(path)).body as OperatorAuctionDetail).texts).toEqual({
      lv: { title: "Sarkana lampa", description: "" },
      ru: lamp.ru,
    });
  });

  it("sends the feed's sockets the catalogue title only, never every language", async () => {
    const made = await create(lamp);
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(server.url, { transports: ["websocket"], forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on("connect", () => resolve());
        socket.on("connect_error", reject);
      });
      await socket.emitWithAck("auctions:watch", { status: "Waiting" });
      const raw = new Promise<unknown>((resolve) =>
        socket.on("auctions:updated", (states) => {
          const state = states.find((each) => each.id === made.id);
          if (state) resolve(state);
        }),
      );
      expect((await operator.post(`/api/operator/auctions/${made.id}/publish`)).status).toBe(200);
      const sent = await raw;
      expect(AuctionCardState.strict().parse(sent).title).toBe(lamp.en.title);
      expect(JSON.stringify(sent)).not.toContain(lamp.lv.title);
      expect(JSON.stringify(sent)).not.toContain(lamp.ru.title);
    } finally {
      socket.close();
    }
  });

  it("makes the first screen inside an auction's page in the language of the SPA's cookie", async () => {
    const made = await create(lamp, { publish: true });
    const page = await fetch(`${server.url}/auctions/${made.id}`, { headers: { Cookie: "i18nextLng=ru" } });
    const html = await page.text();
    const block = /<script type="application\/json" id="first-screen">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}";
    expect(JSON.parse(block)).toMatchObject({
      language: "ru",
      auction: { id: made.id, title: lamp.ru.title, description: lamp.ru.description },
    });
  });
});

describe("migration 014", () => {
  it("keeps each existing auction's text as the language it is written in", async () => {
    const { db, drop } = await openTestDatabase({ migrated: false });
    try {
      const { migrate } = await import("../../server/schema");
      // Every migration before 014 (and none after it matters here), then auctions as they were, then 014.
      await db.query("create table schema_migrations (name text primary key, applied_at timestamptz not null default now())");
      await db.query("insert into schema_migrations (name) values ('014_auction_texts.sql')");
      await migrate(db);
      await db.query("delete from schema_migrations where name = '014_auction_texts.sql'");
      const insert = (title: string, description: string) =>
        db.query<{ id: number }>(
          "insert into auctions (title, description, starts_at, initial_seconds, reset_seconds) values ($1, $2, now(), 60, 15) returning id",
          [title, description],
        );
      const [english] = await insert("Espresso machine", "Makes coffee.");
      const [latvian] = await insert("Velosipēds", "");
      const [latvianByDescription] = await insert("iPhone 15", "Jauns, neatvērts iepakojums, garantija divi gadi.");
      const [russian] = await insert("Кофемашина", "Варит кофе.");
      expect(await migrate(db)).toEqual(["014_auction_texts.sql"]);
      const rows = await db.query<{ auction_id: number; language: string; title: string; description: string }>(
        "select auction_id, language, title, description from auction_texts order by auction_id",
      );
      expect(rows).toEqual([
        { auction_id: english!.id, language: "en", title: "Espresso machine", description: "Makes coffee." },
        { auction_id: latvian!.id, language: "lv", title: "Velosipēds", description: "" },
        {
          auction_id: latvianByDescription!.id,
          language: "lv",
          title: "iPhone 15",
          description: "Jauns, neatvērts iepakojums, garantija divi gadi.",
        },
        { auction_id: russian!.id, language: "ru", title: "Кофемашина", description: "Варит кофе." },
      ]);
    } finally {
      await drop();
    }
  });
});
