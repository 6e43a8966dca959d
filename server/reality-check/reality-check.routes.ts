// The reality check's routes (decision 095): the signed-in session's stretch of play and cost, answering a check,
// and the bidder's interval.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { RealityCheckView, SetRealityCheckIntervalBody, type RealityCheckView as View } from "../../contract";
import { refuseSignedOut, signedInUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { HttpError, errorAnswers } from "../http/errors";
import { answerRealityCheck, realityCheckView, setRealityCheckInterval } from "./reality-check.service";

/** The session the request came with (refuseSignedOut has let only signed-in requests through). */
function sessionOf(request: FastifyRequest): { userId: string; sessionIdHash: string } {
  const { id } = signedInUser(request);
  if (!request.sessionIdHash) throw new HttpError(401, "UNAUTHENTICATED", "Sign in first.");
  return { userId: id, sessionIdHash: request.sessionIdHash };
}

/** The session ended between the hook and the statement (signed out elsewhere): as if it had never come. */
function found(view: View | null): View {
  if (!view) throw new HttpError(401, "UNAUTHENTICATED", "Sign in first.");
  return view;
}

export async function realityCheckRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;
  app.addHook("preHandler", refuseSignedOut);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = { 200: RealityCheckView, ...errorAnswers };

  r.get("/api/reality-check", { schema: { response: answer } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const { userId, sessionIdHash } = sessionOf(request);
    return found(await realityCheckView(db, userId, sessionIdHash));
  });

  r.post("/api/reality-check/continue", { schema: { response: answer } }, async (request) => {
    const { userId, sessionIdHash } = sessionOf(request);
    return found(await answerRealityCheck(db, userId, sessionIdHash));
  });

  r.put("/api/reality-check/interval", { schema: { body: SetRealityCheckIntervalBody, response: answer } }, async (request) => {
    const { userId, sessionIdHash } = sessionOf(request);
    return found(await setRealityCheckInterval(db, userId, sessionIdHash, request.body.intervalMinutes));
  });
}
