// The user's own data (issue 53 items 2-4): their date of birth, "Download my data" and "Delete my account". The
// download and the deletion take the password, typed again with the request (decision 092).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DateOfBirthBody, MyDataFile, NoContent, ReauthBody } from "../../contract";
import type { Database } from "../db/database";
import { errorAnswers, HttpError } from "../http/errors";
import type { SessionSockets } from "../realtime/socket";
import { closeAccount } from "./account-closing";
import { limits } from "./accounts.service";
import { setDateOfBirth, todayInRiga } from "./age";
import { verifyPassword } from "./passwords";
import { exportMyData, ledgerCsv } from "./personal-data";
import { isRateLimited, recordRateLimitEvent, type RateLimit } from "./rate-limit";
import { refuseSignedOut, signedInUser } from "./sessions";

/** Downloads (the JSON file or the ledger's CSV) per account: enough to retry, too few to scrape. */
export const myDataPerAccount = (userId: string): RateLimit => ({ bucket: `my-data:account:${userId}`, max: 5, windowSeconds: 3600 });

export async function personalDataRoutes(
  app: FastifyInstance,
  options: { db: Database; sockets: SessionSockets; minAge: number },
): Promise<void> {
  const { db, sockets, minAge } = options;
  app.addHook("preHandler", refuseSignedOut);
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The password typed again: wrong ones count with the password change's, so neither door guesses without end. */
  async function reauthenticate(userId: string, password: string): Promise<void> {
    const limit = limits.passwordChangePerAccount(userId);
    if (await isRateLimited(db, limit))
      throw new HttpError(429, "RATE_LIMITED", "Too many wrong passwords. Try again in 15 minutes, or reset your password.");
    const [row] = await db.query<{ password_hash: string }>("select password_hash from users where id = $1 and deleted_at is null", [
      userId,
    ]);
    if (!row || !(await verifyPassword(password, row.password_hash))) {
      await recordRateLimitEvent(db, limit.bucket);
      throw new HttpError(400, "WRONG_CURRENT_PASSWORD", "The password is wrong.", [
        { path: "password", message: "validation.wrongCurrentPassword" },
      ]);
    }
  }

  async function countDownload(userId: string): Promise<void> {
    const limit = myDataPerAccount(userId);
    if (await isRateLimited(db, limit))
      throw new HttpError(429, "RATE_LIMITED", "You have downloaded your data several times in the last hour. Try again later.");
    await recordRateLimitEvent(db, limit.bucket);
  }

  r.put(
    "/api/users/date-of-birth",
    { schema: { body: DateOfBirthBody, response: { 204: NoContent, ...errorAnswers } } },
    async (request, reply) => {
      await setDateOfBirth(db, signedInUser(request).id, request.body.dateOfBirth, minAge);
      return reply.status(204).send();
    },
  );

  r.post("/api/users/my-data", { schema: { body: ReauthBody, response: { 200: MyDataFile, ...errorAnswers } } }, async (request, reply) => {
    const user = signedInUser(request);
    await reauthenticate(user.id, request.body.password);
    await countDownload(user.id);
    reply.header("cache-control", "no-store");
    reply.header("content-disposition", `attachment; filename="pennybid-my-data-${todayInRiga()}.json"`);
    return exportMyData(db, user.id);
  });

  r.post(
    "/api/users/my-data/ledger.csv",
    { schema: { body: ReauthBody, response: { 200: z.string(), ...errorAnswers } } },
    async (request, reply) => {
      const user = signedInUser(request);
      await reauthenticate(user.id, request.body.password);
      await countDownload(user.id);
      reply.header("cache-control", "no-store");
      reply.header("content-disposition", `attachment; filename="pennybid-ledger-${todayInRiga()}.csv"`);
      return reply.type("text/csv; charset=utf-8").send(await ledgerCsv(db, user.id));
    },
  );

  r.post("/api/users/delete", { schema: { body: ReauthBody, response: { 204: NoContent, ...errorAnswers } } }, async (request, reply) => {
    const user = signedInUser(request);
    await reauthenticate(user.id, request.body.password);
    await closeAccount(db, user.id);
    // Every session ended with the account (its rows are gone); the sockets of each, on every process, now.
    sockets.endUser(user.id);
    reply.clearSession();
    return reply.status(204).send();
  });
}
