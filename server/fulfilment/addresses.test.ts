import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundledAddresses,
  createAddressProvider,
  createListAddressProvider,
  createRemoteAddressProvider,
  foldForSearch,
  MAX_SUGGESTIONS,
  nominatimLabel,
  photonLabel,
} from "./addresses";

const en = { language: "en" };

describe("the bundled address list", () => {
  const addresses = bundledAddresses();
  const provider = createListAddressProvider(addresses);

  it("holds a few hundred Latvian addresses: street and house, town, LV-nnnn", () => {
    expect(addresses.length).toBeGreaterThanOrEqual(300);
    expect(new Set(addresses).size).toBe(addresses.length);
    for (const address of addresses) expect(address).toMatch(/^[^,]+ \d+[A-Za-z]?, [^,]+, LV-\d{4}$/u);
    expect(addresses.filter((a) => a.includes(", Rīga, ")).length).toBeGreaterThan(150);
  });

  it("matches without diacritics or case, word beginnings in any order, at most eight", async () => {
    expect(foldForSearch("Ģertrūdes ielā Ļ")).toBe("gertrudes iela l");
    const brivibas = await provider.suggest("brivibas", en);
    expect(brivibas).toHaveLength(MAX_SUGGESTIONS);
    expect(brivibas.every((s) => s.label.startsWith("Brīvības"))).toBe(true);
    expect(await provider.suggest("Brīvības iela 58", en)).toEqual([{ label: "Brīvības iela 58, Rīga, LV-1010" }]);
    expect(await provider.suggest("58 BRIVIBAS", en)).toEqual([{ label: "Brīvības iela 58, Rīga, LV-1010" }]);
    expect((await provider.suggest("jomas jurm", en))[0]?.label).toMatch(/^Jomas iela \d+, Jūrmala, LV-2015$/);
    expect((await provider.suggest("LV-5401", en)).every((s) => s.label.endsWith("Daugavpils, LV-5401"))).toBe(true);
  });

  it("puts addresses that begin with the query first", async () => {
    const [first] = await provider.suggest("rigas", en);
    expect(first?.label).toMatch(/^Rīgas iela/);
  });

  it("ranks the addresses that begin with the query, trimmed, before the others, each group in the list's order", async () => {
    const list = createListAddressProvider([
      "Brīvības iela 21, Rīga",
      "Rīgas iela 1, Valmiera",
      "Ausekļa iela 3, Rīga",
      "Rīga, Brīvības iela 2",
    ]);
    const ranked = ["Rīgas iela 1, Valmiera", "Rīga, Brīvības iela 2", "Brīvības iela 21, Rīga", "Ausekļa iela 3, Rīga"];
    expect((await list.suggest("riga", en)).map((s) => s.label)).toEqual(ranked);
    expect((await list.suggest("  Rīga ", en)).map((s) => s.label)).toEqual(ranked);
  });

  it("suggests nothing for an empty query or one that matches nothing", async () => {
    expect(await provider.suggest("   ", en)).toEqual([]);
    expect(await provider.suggest("Baker Street 221b", en)).toEqual([]);
  });
});

describe("labels from search services", () => {
  it("reads Photon features and Nominatim places as 'street house, town, postcode'", () => {
    expect(photonLabel({ street: "Tērbatas iela", housenumber: "2", city: "Rīga", postcode: "LV-1011" })).toBe(
      "Tērbatas iela 2, Rīga, LV-1011",
    );
    expect(photonLabel({ name: "Rīgas Centrāltirgus", city: "Rīga" })).toBe("Rīgas Centrāltirgus, Rīga");
    expect(nominatimLabel({ address: { road: "Lielā iela", house_number: "3", town: "Jelgava", postcode: "LV-3001" } })).toBe(
      "Lielā iela 3, Jelgava, LV-3001",
    );
    expect(nominatimLabel({ display_name: "Sigulda, Siguldas novads, Latvija" })).toBe("Sigulda, Siguldas novads, Latvija");
  });
});

describe("labels from search services, part by part", () => {
  it("takes the first place name there is, leaves out missing or blank parts, and a house number only with a street", () => {
    expect(photonLabel({ street: "Jāņa iela", postcode: "LV-5401", town: "Daugavpils" })).toBe("Jāņa iela, Daugavpils, LV-5401");
    expect(photonLabel({ street: "Skolas iela", housenumber: "1", village: "Ādaži" })).toBe("Skolas iela 1, Ādaži");
    expect(photonLabel({ street: "Dzirnavu iela", district: "Centrs" })).toBe("Dzirnavu iela, Centrs");
    expect(photonLabel({ name: "Gauja", county: "Siguldas novads", postcode: " " })).toBe("Gauja, Siguldas novads");
    expect(photonLabel({ housenumber: "5", city: "Rīga" })).toBe("Rīga");
    expect(photonLabel({})).toBe("");
    expect(nominatimLabel({ address: { road: "Skolas iela", village: "Ādaži" } })).toBe("Skolas iela, Ādaži");
    expect(nominatimLabel({ address: { road: "Lāčplēša iela", house_number: "7", suburb: "Centrs", postcode: "LV-1010" } })).toBe(
      "Lāčplēša iela 7, Centrs, LV-1010",
    );
    expect(nominatimLabel({ address: { road: "Pils iela", city: "Cēsis" } })).toBe("Pils iela, Cēsis");
    expect(nominatimLabel({ address: { city: "Rīga" }, display_name: "Rīga, Latvija" })).toBe("Rīga, Latvija");
    expect(nominatimLabel({})).toBe("");
  });
});

describe("a search service, and the list when it fails", () => {
  type Asked = URLSearchParams & { path?: string; accept?: string | undefined; userAgent?: string | undefined };
  const asked: Asked[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  let server: Server;
  let baseUrl = "";
  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://localhost");
      asked.push(
        Object.assign(url.searchParams, { path: url.pathname, accept: request.headers.accept, userAgent: request.headers["user-agent"] }),
      );
      response.writeHead(answer.status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const fallback = createListAddressProvider(["Tērbatas iela 2, Rīga, LV-1011"]);

  it("asks Photon in Latvia, in English, German or French only when that is the language, and never for an empty query", async () => {
    const photon = createRemoteAddressProvider(`${baseUrl}/api`, fallback);
    answer = { status: 200, body: { features: [{ properties: { street: "Skanstes iela", housenumber: "50", city: "Rīga" } }] } };
    expect(await photon.suggest("skanstes", en)).toEqual([{ label: "Skanstes iela 50, Rīga" }]);
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ q: "skanstes", limit: "8", bbox: "20.9,55.6,28.3,58.1", lang: "en" });
    // The service's usage rules ask each caller to say who it is.
    expect(asked.at(-1)).toMatchObject({ accept: "application/json", userAgent: "Pennybid address suggestions" });
    await photon.suggest("skanstes", { language: "lv" });
    expect(asked.at(-1)!.has("lang")).toBe(false);
    for (const language of ["de", "fr"]) {
      await photon.suggest("skanstes", { language });
      expect(asked.at(-1)!.get("lang")).toBe(language);
    }
    const count = asked.length;
    expect(await photon.suggest("  ", en)).toEqual([]);
    expect(asked).toHaveLength(count);
    answer = { status: 200, body: {} };
    expect(await photon.suggest("skanstes", en)).toEqual([]);
    answer = { status: 200, body: { features: [{}] } };
    expect(await photon.suggest("skanstes", en)).toEqual([]);
  });

  it("asks Nominatim in the user's language, and keeps each address once, non-empty, at most 255 characters and eight", async () => {
    const nominatim = createRemoteAddressProvider(`${baseUrl}/search/`, fallback);
    const long = "Ļ".repeat(300);
    const places = [
      { address: { road: "Pils iela", city: "Cēsis" } },
      { address: { road: "Pils iela", city: "Cēsis" } },
      {},
      { display_name: long },
      ...Array.from({ length: 10 }, (_, n) => ({ address: { road: `Iela ${n}`, city: "Rīga" } })),
    ];
    answer = { status: 200, body: places };
    const labels = (await nominatim.suggest("pils", { language: "ru" })).map((s) => s.label);
    expect(labels).toEqual([
      "Pils iela, Cēsis",
      long.slice(0, 255),
      "Iela 0, Rīga",
      "Iela 1, Rīga",
      "Iela 2, Rīga",
      "Iela 3, Rīga",
      "Iela 4, Rīga",
      "Iela 5, Rīga",
    ]);
    expect(asked.at(-1)!.path).toBe("/search/");
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({
      q: "pils",
      limit: "8",
      format: "jsonv2",
      addressdetails: "1",
      countrycodes: "lv",
      "accept-language": "ru",
    });
  });

  it("answers from the list when the service refuses, and says so in the log", async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    const photon = createRemoteAddressProvider(`${baseUrl}/api`, fallback, log);
    answer = { status: 503, body: { features: [{ properties: { street: "Skanstes iela", city: "Rīga" } }] } };
    expect(await photon.suggest("terbatas", en)).toEqual([{ label: "Tērbatas iela 2, Rīga, LV-1011" }]);
    expect(warnings).toEqual([
      [{ err: new Error("address provider answered 503") }, "address provider failed; answering from the bundled list"],
    ]);
    // Without a log to tell, it answers from the list all the same.
    expect(await createRemoteAddressProvider(`${baseUrl}/api`, fallback).suggest("terbatas", en)).toEqual([
      { label: "Tērbatas iela 2, Rīga, LV-1011" },
    ]);
  });

  it("is the list without a service's address, and the service with one", async () => {
    answer = { status: 200, body: { features: [{ properties: { name: "Stand-in", city: "Rīga" } }] } };
    expect(await createAddressProvider(`${baseUrl}/api`).suggest("brivibas", en)).toEqual([{ label: "Stand-in, Rīga" }]);
    expect((await createAddressProvider(undefined).suggest("brivibas", en))[0]?.label).toMatch(/^Brīvības/);
  });
});
