import { describe, expect, it } from "vitest";
import { bundledAddresses, createListAddressProvider, foldForSearch, MAX_SUGGESTIONS, nominatimLabel, photonLabel } from "./addresses";

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

  it("suggests nothing for an empty query or one that matches nothing", async () => {
    expect(await provider.suggest("   ", en)).toEqual([]);
    expect(await provider.suggest("Baker Street 221b", en)).toEqual([]);
  });
});

describe("labels from search services", () => {
  it("reads Photon features and Nominatim places as 'street house, town, postcode'", () => {
    expect(photonLabel({ street: "Tērbatas iela", housenumber: "2", city: "Rīga", postcode: "LV-1011" })).toBe("Tērbatas iela 2, Rīga, LV-1011");
    expect(photonLabel({ name: "Rīgas Centrāltirgus", city: "Rīga" })).toBe("Rīgas Centrāltirgus, Rīga");
    expect(nominatimLabel({ address: { road: "Lielā iela", house_number: "3", town: "Jelgava", postcode: "LV-3001" } })).toBe("Lielā iela 3, Jelgava, LV-3001");
    expect(nominatimLabel({ display_name: "Sigulda, Siguldas novads, Latvija" })).toBe("Sigulda, Siguldas novads, Latvija");
  });
});
