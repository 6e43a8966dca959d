import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { TestClient, mailsTo, newBidder, signUpConfirmed, tokenFrom } from "../support/client";

let server: TestServer;
let ipCounter = 0;
const client = () => new TestClient(server.url, `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("sign-up and e-mail confirmation", () => {
  it("creates an account, mails a link, and the link signs the user in once", async () => {
    const visitor = client();
    const body = newBidder({ firstName: "Jānis", lastName: "Kalniņš" });
    expect((await visitor.post("/authn/sign-up", body)).status).toBe(201);
    expect((await visitor.get("/authn/user")).body).toEqual({ isAuthenticated: false });

    const [mail] = await mailsTo(server.url, body.email);
    expect(mail?.subject).toBe("Confirm your e-mail address");
    expect(mail?.text).toContain("Hello Jānis,");
    const link = mail?.links.find((l) => l.includes("/confirm-email?token=")) ?? "";
    const token = tokenFrom(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const confirmed = await visitor.post("/authn/confirm-email", { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      isAuthenticated: true,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstName: "Jānis",
      lastName: "Kalniņš",
      displayName: body.displayName,
      email: body.email,
      isOperator: false,
      needsNewDisplayName: false,
    });
    expect((await visitor.get("/authn/user")).body).toMatchObject({ isAuthenticated: true, email: body.email });

    const again = await client().post("/authn/confirm-email", { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { code: "TOKEN_INVALID" } });
  });

  it("writes the mail in the user's language", async () => {
    const body = newBidder({ language: "lv", firstName: "Līga" });
    await client().post("/authn/sign-up", body);
    const [mail] = await mailsTo(server.url, body.email);
    expect(mail?.subject).toBe("Apstiprini savu e-pasta adresi");
    expect(mail?.text).toContain("Sveiki, Līga!");
  });

  it("stores passwords as scrypt hashes, never as given", async () => {
    const body = newBidder();
    await client().post("/authn/sign-up", body);
    const [row] = await server.database.db.query<{ password_hash: string }>("select password_hash from users where email = $1", [
      body.email,
    ]);
    expect(row?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(row?.password_hash).not.toContain(body.password);
  });

  it("stores tokens hashed: the mailed token is not in the database", async () => {
    const body = newBidder();
    await client().post("/authn/sign-up", body);
    const [mail] = await mailsTo(server.url, body.email);
    const token = tokenFrom(mail?.links[0] ?? "");
    const rows = await server.database.db.query("select 1 from account_tokens where token_hash = $1", [token]);
    expect(rows).toEqual([]);
  });

  it("refuses an expired confirmation link", async () => {
    const body = newBidder();
    await client().post("/authn/sign-up", body);
    await server.database.db.query(
      "update account_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)",
      [body.email],
    );
    const [mail] = await mailsTo(server.url, body.email);
    const answer = await client().post("/authn/confirm-email", { token: tokenFrom(mail?.links[0] ?? "") });
    expect(answer.status).toBe(400);
  });

  it("answers a second sign-up with a registered e-mail exactly like a new one, and mails the owner", async () => {
    const owner = client();
    const body = await signUpConfirmed(owner);
    const again = await client().post("/authn/sign-up", { ...body, displayName: `${body.displayName.slice(0, 20)}x2` });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ ok: true });
    const mails = await mailsTo(server.url, body.email);
    expect(mails[0]?.subject).toBe("Someone tried to sign up with your e-mail");
  });

  it("refuses a display name already taken, whatever its case, with 'Already taken'", async () => {
    const first = await signUpConfirmed(client());
    const answer = await client().post("/authn/sign-up", newBidder({ displayName: first.displayName.toUpperCase() }));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      error: { issues: [{ path: "displayName", message: "validation.alreadyTaken" }] },
    });
  });

  it("validates every field with SPEC.md's rules", async () => {
    const answer = await client().post("/authn/sign-up", {
      email: "not-an-email",
      password: "weak",
      confirmPassword: "other",
      firstName: "x".repeat(26),
      lastName: "",
      displayName: "has space",
    });
    expect(answer.status).toBe(400);
    const issues = (answer.body as { error: { issues: { path: string; message: string }[] } }).error.issues;
    const byPath = Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
    expect(byPath).toMatchObject({
      email: "validation.invalidEmail",
      password: "validation.password",
      firstName: "validation.max25",
      lastName: "validation.required",
      displayName: "validation.noSpaces",
    });
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password and out again", async () => {
    const body = await signUpConfirmed(client());
    const bidder = client();
    const answer = await bidder.post("/authn/sign-in", { email: body.email.toUpperCase(), password: body.password });
    expect(answer.status).toBe(200);
    expect(bidder.hasSession).toBe(true);
    expect(answer.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(answer.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
    expect((await bidder.post("/authn/sign-out")).status).toBe(204);
    expect((await bidder.get("/authn/user")).body).toEqual({ isAuthenticated: false });
  });

  it("says 'Wrong email or password!' alike for a wrong password and an unknown e-mail", async () => {
    const body = await signUpConfirmed(client());
    const wrongPassword = await client().post("/authn/sign-in", { email: body.email, password: "Wrong1!x" });
    const unknownEmail = await client().post("/authn/sign-in", { email: "nobody@example.lv", password: "Wrong1!x" });
    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: { code: "WRONG_CREDENTIALS", message: "Wrong email or password!" } });
    }
  });

  it("does not sign in an unconfirmed account, and mails a new link", async () => {
    const body = newBidder();
    await client().post("/authn/sign-up", body);
    const answer = await client().post("/authn/sign-in", { email: body.email, password: body.password });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: "EMAIL_NOT_CONFIRMED" } });
    expect(await mailsTo(server.url, body.email)).toHaveLength(2);
  });

  it("refuses an address after 10 failures on one account in 15 minutes, even with the right password", async () => {
    const body = await signUpConfirmed(client());
    const attacker = client();
    for (let i = 0; i < 10; i++) {
      expect((await attacker.post("/authn/sign-in", { email: body.email, password: `Wrong${i}!a` })).status).toBe(401);
    }
    const blocked = await attacker.post("/authn/sign-in", { email: body.email, password: body.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: { code: "RATE_LIMITED" } });
    // The owner, elsewhere, is not locked out by it.
    expect((await client().post("/authn/sign-in", { email: body.email, password: body.password })).status).toBe(200);
  }, 60_000);

  it("gives a new session id at every sign-in", async () => {
    const body = await signUpConfirmed(client());
    const bidder = client();
    const first = await bidder.post("/authn/sign-in", { email: body.email, password: body.password });
    const second = await bidder.post("/authn/sign-in", { email: body.email, password: body.password });
    expect(first.headers.get("set-cookie")).not.toBe(second.headers.get("set-cookie"));
  });
});

describe("password reset", () => {
  it("mails a 30-minute link that sets a new password once and ends every session", async () => {
    const owner = client();
    const body = await signUpConfirmed(owner);
    const elsewhere = client();
    await elsewhere.post("/authn/sign-in", { email: body.email, password: body.password });

    expect((await client().post("/authn/forgot-password", { email: body.email })).status).toBe(202);
    const [mail] = await mailsTo(server.url, body.email);
    expect(mail?.subject).toBe("Reset your password");
    const token = tokenFrom(mail?.links.find((l) => l.includes("/reset-password?token=")) ?? "");

    const reset = await client().post("/authn/reset-password", { token, password: "Newpass2@", confirmPassword: "Newpass2@" });
    expect(reset.status).toBe(204);
    expect((await owner.get("/authn/user")).body).toEqual({ isAuthenticated: false });
    expect((await elsewhere.get("/authn/user")).body).toEqual({ isAuthenticated: false });

    const reuse = await client().post("/authn/reset-password", { token, password: "Other3#x", confirmPassword: "Other3#x" });
    expect(reuse.status).toBe(400);
    expect((await client().post("/authn/sign-in", { email: body.email, password: "Newpass2@" })).status).toBe(200);
  });

  it("answers an unknown e-mail exactly like a known one", async () => {
    const answer = await client().post("/authn/forgot-password", { email: "ghost@example.lv" });
    expect(answer).toMatchObject({ status: 202, body: { ok: true } });
    expect(await mailsTo(server.url, "ghost@example.lv")).toEqual([]);
  });

  it("says 'Invalid email' for a malformed address", async () => {
    const answer = await client().post("/authn/forgot-password", { email: "nope" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { issues: [{ path: "email", message: "validation.invalidEmailShort" }] } });
  });
});

describe("profile, password change and language", () => {
  it("answers 401 to an anonymous profile request, never a redirect", async () => {
    const answer = await client().get("/api/users/profile");
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
  });

  it("updates the profile and refuses a display name someone else has", async () => {
    const other = await signUpConfirmed(client());
    const bidder = client();
    const body = await signUpConfirmed(bidder);
    const update = {
      firstName: "Marta",
      lastName: "Liepa",
      displayName: body.displayName,
      phone: "+371 2612 3456",
      deliveryAddress: "Brīvības iela 1, Rīga",
      isMarketingConsentGiven: true,
    };
    const answer = await bidder.put("/api/users/profile", update);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...update, email: body.email });
    expect((await bidder.get("/authn/user")).body).toMatchObject({ firstName: "Marta" });

    const taken = await bidder.put("/api/users/profile", { ...update, displayName: other.displayName });
    expect(taken.status).toBe(409);
    const invalidPhone = await bidder.put("/api/users/profile", { ...update, phone: "call me" });
    expect(invalidPhone.body).toMatchObject({ error: { issues: [{ path: "phone", message: "validation.invalidPhone" }] } });
    expect((await bidder.get("/api/users/profile")).body).toMatchObject({ displayName: body.displayName, phone: update.phone });
  });

  it("changes the password only with the right current one, and ends the other sessions", async () => {
    const bidder = client();
    const body = await signUpConfirmed(bidder);
    const elsewhere = client();
    await elsewhere.post("/authn/sign-in", { email: body.email, password: body.password });

    const wrong = await bidder.put("/api/users/password", {
      currentPassword: "Nope1!aa",
      newPassword: "Fresh4$x",
      confirmPassword: "Fresh4$x",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: { code: "WRONG_CURRENT_PASSWORD" } });

    const ok = await bidder.put("/api/users/password", {
      currentPassword: body.password,
      newPassword: "Fresh4$x",
      confirmPassword: "Fresh4$x",
    });
    expect(ok.status).toBe(204);
    expect((await bidder.get("/authn/user")).body).toMatchObject({ isAuthenticated: true });
    expect((await elsewhere.get("/authn/user")).body).toEqual({ isAuthenticated: false });
  });

  it("saves the language of a signed-in user", async () => {
    const bidder = client();
    await signUpConfirmed(bidder);
    expect((await bidder.put("/api/users/language", { language: "ru" })).status).toBe(204);
    expect((await bidder.get("/api/users/profile")).body).toMatchObject({ language: "ru" });
    expect((await bidder.put("/api/users/language", { language: "de" })).status).toBe(400);
  });
});

describe("CSRF", () => {
  it("refuses a sign-in without X-Requested-With, and nothing happens", async () => {
    const body = await signUpConfirmed(client());
    const bidder = client();
    const answer = await bidder.request(
      "POST",
      "/authn/sign-in",
      { email: body.email, password: body.password },
      {
        "Content-Type": "application/json",
      },
    );
    expect(answer.status).toBe(403);
    expect(bidder.hasSession).toBe(false);
  });
});
