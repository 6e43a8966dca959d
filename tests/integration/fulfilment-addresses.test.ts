// Address suggestions over HTTP: the bundled list by default, and a Photon- or Nominatim-compatible service when
// ADDRESS_PROVIDER_URL is set (here a small local server that answers as they do).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AddressSuggestionsResponse } from "../../contract";
import { TestClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { bidderClient } from "../support/scene";

let ip = 0;
const signedIn = async (server: TestServer) => (await bidderClient(server, `10.61.0.${++ip}`)).client;

const suggestions = async (client: TestClient, q: string) => {
  const answer = await client.get(`/api/addresses?q=${encodeURIComponent(q)}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return AddressSuggestionsResponse.parse(answer.body).items.map((item) => item.label);
};

describe("suggestions from the bundled list", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("suggests up to eight addresses while the winner types, without regard to diacritics", async () => {
    const client = await signedIn(server);
    const found = await suggestions(client, "terbatas 2");
    expect(found[0]).toBe("Tērbatas iela 2, Rīga, LV-1011");
    expect(found.every((label) => /Tērbatas iela 2\d*, /.test(label))).toBe(true);
    expect(await suggestions(client, "brivibas")).toHaveLength(8);
    expect(await suggestions(client, "")).toEqual([]);
  });

  it("answers only signed-in users, and refuses an overlong query", async () => {
    expect((await new TestClient(server.url).get("/api/addresses?q=riga")).status).toBe(401);
    const client = await signedIn(server);
    expect((await client.get(`/api/addresses?q=${"a".repeat(256)}`)).status).toBe(400);
  });
});

/** A stand-in for a search service: answers like Photon at /api and like Nominatim at /search, and records asks. */
function startStandIn(): Promise<{ server: Server; url: string; asked: URL[]; failing: { now: boolean } }> {
  const asked: URL[] = [];
  const failing = { now: false };
  const server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    asked.push(url);
    if (failing.now) {
      response.writeHead(503).end();
      return;
    }
    const q = url.searchParams.get("q") ?? "";
    response.setHeader("content-type", "application/json");
    if (url.pathname === "/api") {
      response.end(
        JSON.stringify({
          type: "FeatureCollection",
          features: [
            {
              type: "Feature",
              geometry: { type: "Point", coordinates: [24.12, 56.95] },
              properties: {
                street: "Skanstes iela",
                housenumber: "50",
                city: "Rīga",
                postcode: "LV-1013",
                country: "Latvia",
                osm_key: "place",
              },
            },
            {
              type: "Feature",
              geometry: { type: "Point", coordinates: [24.1, 56.9] },
              properties: { name: `Photon: ${q}`, city: "Rīga", country: "Latvia" },
            },
          ],
        }),
      );
    } else {
      response.end(
        JSON.stringify([
          {
            display_name: "Skanstes iela 50, Rīga, LV-1013, Latvija",
            address: { road: "Skanstes iela", house_number: "50", city: "Rīga", postcode: "LV-1013" },
          },
        ]),
      );
    }
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, failing }),
    ),
  );
}

describe("suggestions from a search service (ADDRESS_PROVIDER_URL)", () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(async () => {
    await new Promise((resolve) => standIn.server.close(resolve));
  });

  it("asks a Photon-compatible service, limited to eight and to Latvia, and turns its features into addresses", async () => {
    const server = await startTestServer({ ADDRESS_PROVIDER_URL: `${standIn.url}/api` });
    try {
      const client = await signedIn(server);
      expect(await suggestions(client, "skanstes 50")).toEqual(["Skanstes iela 50, Rīga, LV-1013", "Photon: skanstes 50, Rīga"]);
      const asked = standIn.asked.at(-1)!;
      expect(asked.pathname).toBe("/api");
      expect(Object.fromEntries(asked.searchParams)).toMatchObject({ q: "skanstes 50", limit: "8", bbox: "20.9,55.6,28.3,58.1" });

      // When the service fails, the bundled list answers.
      standIn.failing.now = true;
      expect((await suggestions(client, "terbatas 2"))[0]).toBe("Tērbatas iela 2, Rīga, LV-1011");
    } finally {
      standIn.failing.now = false;
      await server.close();
    }
  });

  it("asks a Nominatim-compatible service (a /search URL) for Latvian places with address details", async () => {
    const server = await startTestServer({ ADDRESS_PROVIDER_URL: `${standIn.url}/search` });
    try {
      const client = await signedIn(server);
      expect(await suggestions(client, "skanstes")).toEqual(["Skanstes iela 50, Rīga, LV-1013"]);
      const asked = standIn.asked.at(-1)!;
      expect(Object.fromEntries(asked.searchParams)).toMatchObject({
        q: "skanstes",
        format: "jsonv2",
        addressdetails: "1",
        countrycodes: "lv",
        limit: "8",
      });
    } finally {
      await server.close();
    }
  });
});
