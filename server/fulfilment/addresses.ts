// Delivery address suggestions behind one interface: the bundled list of Latvian addresses by default, or a
// Photon- or Nominatim-compatible search service when ADDRESS_PROVIDER_URL is set.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { AddressSuggestion } from "../../contract";
import { projectRoot } from "../paths";

export const MAX_SUGGESTIONS = 8;

export interface AddressProvider {
  suggest(query: string, options: { language: string }): Promise<AddressSuggestion[]>;
}

/** Lower case without diacritics, so "brivibas" finds "Brīvības" (and "ļ" is "l"). */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const words = (text: string) =>
  foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Suggestions from a fixed list: every word of the query must begin a word of the address, in any order
 * ("brivibas 21", "21 riga"); addresses that start with the query come first, then the list's order.
 */
export function createListAddressProvider(addresses: readonly string[]): AddressProvider {
  const index = addresses.map((label) => ({ label, folded: foldForSearch(label), words: words(label) }));
  return {
    async suggest(query) {
      const wanted = words(query);
      if (wanted.length === 0) return [];
      const folded = foldForSearch(query.trim());
      return index
        .filter((entry) => wanted.every((part) => entry.words.some((word) => word.startsWith(part))))
        .map((entry, order) => ({ entry, rank: entry.folded.startsWith(folded) ? 0 : 1, order }))
        .sort((a, b) => a.rank - b.rank || a.order - b.order)
        .slice(0, MAX_SUGGESTIONS)
        .map(({ entry }) => ({ label: entry.label }));
    },
  };
}

const bundledFile = path.join(projectRoot, "server", "fulfilment", "addresses-lv.txt");

/** The bundled list: one address per line, `#` lines are comments. */
export function bundledAddresses(): string[] {
  return readFileSync(bundledFile, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

// Latvia's bounding box (west, south, east, north), so a Photon search stays in the country.
const LATVIA_BBOX = "20.9,55.6,28.3,58.1";
const TIMEOUT_MS = 3000;

type PhotonProperties = {
  name?: string;
  street?: string;
  housenumber?: string;
  postcode?: string;
  city?: string;
  town?: string;
  village?: string;
  district?: string;
  county?: string;
};
type PhotonAnswer = { features?: { properties?: PhotonProperties }[] };
type NominatimPlace = {
  display_name?: string;
  address?: { road?: string; house_number?: string; postcode?: string; city?: string; town?: string; village?: string; suburb?: string };
};

const joinParts = (parts: (string | undefined)[]) => parts.filter((part) => part && part.trim() !== "").join(", ");

/** "Street 12, Town, LV-1010" from a Photon feature; a named place without a street keeps its name. */
export function photonLabel(p: PhotonProperties): string {
  const street = p.street ? `${p.street}${p.housenumber ? ` ${p.housenumber}` : ""}` : p.name;
  return joinParts([street, p.city ?? p.town ?? p.village ?? p.district ?? p.county, p.postcode]);
}

export function nominatimLabel(place: NominatimPlace): string {
  const a = place.address;
  if (!a?.road) return place.display_name ?? "";
  return joinParts([`${a.road}${a.house_number ? ` ${a.house_number}` : ""}`, a.city ?? a.town ?? a.village ?? a.suburb, a.postcode]);
}

/**
 * A Photon (`…/api`) or Nominatim (`…/search`) search service. Which one is told by the URL's path; answers of
 * either shape are read. When the service fails or is slow, the bundled list answers instead.
 */
export function createRemoteAddressProvider(baseUrl: string, fallback: AddressProvider, log?: FastifyBaseLogger): AddressProvider {
  const isNominatim = /\/search\/?$/.test(new URL(baseUrl).pathname);
  return {
    async suggest(query, options) {
      if (query.trim() === "") return [];
      const url = new URL(baseUrl);
      url.searchParams.set("q", query);
      url.searchParams.set("limit", String(MAX_SUGGESTIONS));
      if (isNominatim) {
        url.searchParams.set("format", "jsonv2");
        url.searchParams.set("addressdetails", "1");
        url.searchParams.set("countrycodes", "lv");
        url.searchParams.set("accept-language", options.language);
      } else {
        url.searchParams.set("bbox", LATVIA_BBOX);
        // Photon speaks a few languages; Latvian names are the default anyway.
        if (["en", "de", "fr"].includes(options.language)) url.searchParams.set("lang", options.language);
      }
      try {
        const response = await fetch(url, {
          headers: { Accept: "application/json", "User-Agent": "Pennybid address suggestions" },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`address provider answered ${response.status}`);
        const body = (await response.json()) as PhotonAnswer | NominatimPlace[];
        const labels = Array.isArray(body)
          ? body.map(nominatimLabel)
          : (body.features ?? []).map((feature) => photonLabel(feature.properties ?? {}));
        return [...new Set(labels.filter((label) => label !== "").map((label) => label.slice(0, 255)))]
          .slice(0, MAX_SUGGESTIONS)
          .map((label) => ({ label }));
      } catch (error) {
        log?.warn({ err: error }, "address provider failed; answering from the bundled list");
        return fallback.suggest(query, options);
      }
    },
  };
}

/** The provider the configuration asks for. */
export function createAddressProvider(addressProviderUrl: string | undefined, log?: FastifyBaseLogger): AddressProvider {
  const bundled = createListAddressProvider(bundledAddresses());
  return addressProviderUrl ? createRemoteAddressProvider(addressProviderUrl, bundled, log) : bundled;
}
