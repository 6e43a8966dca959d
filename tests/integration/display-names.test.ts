// Display names that impersonate (issue 51, defect 5): look-alikes of another user's name, of the service's own
// names, and names with characters no one can see are refused at sign-up and on the profile; an account that has such
// a name from before is asked for a new one, and can save one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleDisplayNames } from "../../server/accounts/display-names";
import { TestClient, newBidder, signUpConfirmed } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let ip = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;
const client = () => new TestClient(server.url, `10.51.5.${++ip}`);
const displayNameIssue = (body: unknown) =>
  (body as { error?: { issues?: { path: string; message: string }[] } }).error?.issues?.find((issue) => issue.path === "displayName")
    ?.message;

describe("a display name at sign-up", () => {
  it.each([
    ["a Cyrillic о", "оperator"],
    ["Cyrillic Р and е", "Реnnybid"],
    ["capitals", "PENNYBID"],
    ["the brand inside it", "pennybid_support"],
    ["a reserved word", "admin"],
    ["a reserved word", "staff"],
  ])("refuses the service's own names, spelled with %s (%s)", async (_, displayName) => {
    const answer = await client().post("/authn/sign-up", newBidder({ displayName }));
    expect(answer.status).toBe(400);
    expect(displayNameIssue(answer.body)).toBe("validation.reserved");
  });

  it.each([
    ["a zero-width space", "anna\u200bx", "validation.unseenCharacters"],
    ["a Hangul filler", "\u3164\u3164", "validation.unseenCharacters"],
    ["a blank Braille pattern", "\u2800", "validation.unseenCharacters"],
    ["a soft hyphen", "an\u00adna", "validation.unseenCharacters"],
    ["a right-to-left override", "\u202eanna", "validation.unseenCharacters"],
    ["an @", "someone@example.lv", "validation.noAt"],
  ])("refuses a name with %s, and no account is made", async (_, displayName, message) => {
    const body = newBidder({ displayName });
    const answer = await client().post("/authn/sign-up", body);
    expect(answer.status).toBe(400);
    expect(displayNameIssue(answer.body)).toBe(message);
    expect(await db().query("select 1 from users where email = $1", [body.email])).toEqual([]);
  });

  it("refuses a look-alike of a bidder's name as taken: Cyrillic letters, fullwidth letters, other capitals", async () => {
    const owner = await signUpConfirmed(client(), { displayName: `demo_${ip}x` });
    for (const lookAlike of [owner.displayName.replace("e", "е"), owner.displayName.replace("m", "ｍ"), owner.displayName.toUpperCase()]) {
      const answer = await client().post("/authn/sign-up", newBidder({ displayName: lookAlike }));
      expect(answer.status, lookAlike).toBe(409);
      expect(displayNameIssue(answer.body)).toBe("validation.alreadyTaken");
    }
  });

  it("stores a fullwidth name as plain letters", async () => {
    const body = await signUpConfirmed(client(), { displayName: `ｗｉｄｅ${ip}` });
    const [row] = await db().query<{ display_name: string }>("select display_name from users where email = $1", [body.email]);
    expect(row?.display_name).toBe(`wide${ip}`);
  });
});

describe("a display name from before these rules", () => {
  async function accountNamed(displayName: string) {
    const browser = client();
    const body = await signUpConfirmed(browser);
    // As it was stored before: no skeleton yet; the next start of the server settles it.
    await db().query("update users set display_name = $2, display_name_key = lower($2), display_name_skeleton = null where email = $1", [
      body.email,
      displayName,
    ]);
    await settleDisplayNames(db());
    return { browser, body };
  }

  const profile = (displayName: string) => ({
    firstName: "Anna",
    lastName: "Ozola",
    displayName,
    phone: "",
    deliveryAddress: "",
    isMarketingConsentGiven: false,
  });

  it("asks the owner of a look-alike of an older name for a new one, refuses to keep it, and takes a new one", async () => {
    const older = await signUpConfirmed(client(), { displayName: `olga_${ip}k` });
    const { browser } = await accountNamed(older.displayName.replace("o", "о"));
    expect((await browser.get("/authn/user")).body).toMatchObject({ needsNewDisplayName: true });
    // The older account keeps its name and is asked nothing.
    const olderBrowser = client();
    expect((await olderBrowser.post("/authn/sign-in", { email: older.email, password: older.password })).status).toBe(200);
    expect((await olderBrowser.get("/authn/user")).body).toMatchObject({ needsNewDisplayName: false });

    const kept = await browser.put("/api/users/profile", profile(older.displayName.replace("o", "о")));
    expect(kept.status).toBe(409);
    const renamed = await browser.put("/api/users/profile", profile(`fresh_${ip}`));
    expect(renamed.status).toBe(200);
    expect((await browser.get("/authn/user")).body).toMatchObject({ displayName: `fresh_${ip}`, needsNewDisplayName: false });
  });

  it.each([
    ["someone's e-mail", "victim@pb.lv"],
    ["a reserved word", "operator"],
    ["a zero-width space", "anna\u200bz"],
  ])("asks for a new name in place of %s", async (_, displayName) => {
    const { browser } = await accountNamed(displayName);
    expect((await browser.get("/authn/user")).body).toMatchObject({ needsNewDisplayName: true });
    expect((await browser.put("/api/users/profile", profile(displayName))).status).toBeGreaterThanOrEqual(400);
    expect((await browser.put("/api/users/profile", profile(`plain_${ip}`))).status).toBe(200);
    expect((await browser.get("/authn/user")).body).toMatchObject({ needsNewDisplayName: false });
  });
});
