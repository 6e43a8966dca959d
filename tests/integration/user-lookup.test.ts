// An operator's lookup names one user (issue 51, defect 1): a bidder whose display name is someone's e-mail (an
// account from before such names were refused) takes over nothing, whatever order the rows are stored in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperatorUser } from "../../contract";
import { findUser, userKeyOf } from "../../server/operator";
import { TestClient, signUpConfirmed } from "../support/client";
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

/** A short e-mail, so that it fits in a display name (25 characters at most). */
async function account() {
  const client = new TestClient(server.url, `10.51.1.${++ip}`);
  const body = await signUpConfirmed(client, { email: `u${ip}.${Date.now() % 1e6}@pb.lv` });
  const [row] = await db().query<{ id: string }>("select id from users where email = $1", [body.email]);
  return { client, body, id: row!.id };
}

async function balanceOf(userId: string): Promise<number> {
  const [row] = await db().query<{ balance_cents: number }>("select balance_cents from wallets where user_id = $1", [userId]);
  return row?.balance_cents ?? 0;
}

/** The attack: a display name spelled as the victim's e-mail, stored before the victim's row and after it. */
async function victimAndImpostor(impostorFirst: boolean) {
  const first = await account();
  const second = await account();
  const [victim, impostor] = impostorFirst ? [second, first] : [first, second];
  await db().query("update users set display_name = $2, display_name_key = lower($2) where id = $1", [
    impostor.id,
    victim.body.email.toUpperCase(),
  ]);
  return { victim, impostor };
}

async function signedInOperator() {
  const operator = await account();
  await db().query("update users set role = 'operator' where id = $1", [operator.id]);
  return operator.client;
}

describe("an operator's lookup of a user", () => {
  it("decides what a key names by its form: an id, an e-mail, or else a display name", () => {
    expect(userKeyOf(" 0F8FAD5B-D9CB-469F-A165-70867728950E ")).toEqual({ column: "id", key: "0f8fad5b-d9cb-469f-a165-70867728950e" });
    expect(userKeyOf("Anna@Example.LV")).toEqual({ column: "email_key", key: "anna@example.lv" });
    expect(userKeyOf("Anna_B")).toEqual({ column: "display_name_key", key: "anna_b" });
  });

  it.each([true, false])("matches an e-mail against e-mails only (impostor stored first: %s)", async (impostorFirst) => {
    const { victim, impostor } = await victimAndImpostor(impostorFirst);
    expect((await findUser(db(), victim.body.email)).id).toBe(victim.id);
    expect((await findUser(db(), victim.body.email.toUpperCase())).id).toBe(victim.id);
    // The impostor is still found by their own e-mail and id.
    expect((await findUser(db(), impostor.body.email)).id).toBe(impostor.id);
    expect((await findUser(db(), impostor.id)).id).toBe(impostor.id);
  });

  it.each([true, false])(
    "credits and promotes the user the e-mail belongs to, over the API (impostor stored first: %s)",
    async (impostorFirst) => {
      const { victim, impostor } = await victimAndImpostor(impostorFirst);
      const operator = await signedInOperator();
      const shown = await operator.get(`/api/operator/users/${encodeURIComponent(victim.body.email)}`);
      expect((shown.body as OperatorUser).id).toBe(victim.id);
      const credited = await operator.post(`/api/operator/users/${encodeURIComponent(victim.body.email)}/wallet`, {
        amountCents: 500,
        reason: "Refund",
      });
      expect(credited.status).toBe(200);
      expect((credited.body as OperatorUser).id).toBe(victim.id);
      expect(await balanceOf(victim.id)).toBe(500);
      expect(await balanceOf(impostor.id)).toBe(0);
      const promoted = await operator.post(`/api/operator/users/${encodeURIComponent(victim.body.email)}/role`, { role: "operator" });
      expect((promoted.body as OperatorUser).id).toBe(victim.id);
      const [role] = await db().query<{ role: string }>("select role from users where id = $1", [impostor.id]);
      expect(role?.role).toBe("bidder");
    },
  );

  it("finds a display name by its name only, and a name no one has is not found", async () => {
    const { body, id } = await account();
    expect((await findUser(db(), body.displayName.toUpperCase())).id).toBe(id);
    await expect(findUser(db(), "nobody_has_this")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(findUser(db(), "nobody@example.lv")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
