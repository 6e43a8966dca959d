// Who may use the operator API: signed-in operators (role on the account), or the ops CLI on the same machine by its
// local key. Each operator route group adds one hook that settles who acts; its handlers read `actingOperator`.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { requireOperator } from "./sessions";
import { HttpError } from "../http/errors";
import { OPS_CLI_ACTOR } from "../audit/operator-actions";

/** The key the ops CLI proves itself with: derived from the session secret, which only this machine's files hold. */
export function localOperatorKey(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("pennybid:ops-cli").digest("hex");
}

/** Who is acting: an operator's e-mail, or "ops-cli"; anyone else is refused (401 signed out, 403 a bidder). */
function operatorActor(request: FastifyRequest, localKey: string): string {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) {
    const given = Buffer.from(header.slice("Bearer ".length));
    const expected = Buffer.from(localKey);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return OPS_CLI_ACTOR;
    throw new HttpError(401, "UNAUTHENTICATED", "The operator key is not valid.");
  }
  return requireOperator(request).email;
}

const actors = new WeakMap<FastifyRequest, string>();

/** The hook of an operator route group (`group.addHook("onRequest", refuseNonOperators(sessionSecret))`). */
export function refuseNonOperators(sessionSecret: string): (request: FastifyRequest) => Promise<void> {
  const localKey = localOperatorKey(sessionSecret);
  return async (request) => {
    actors.set(request, operatorActor(request, localKey));
  };
}

/** Who acts on a route behind `refuseNonOperators`, for the audit log. */
export function actingOperator(request: FastifyRequest): string {
  const actor = actors.get(request);
  if (actor === undefined) throw new Error("an operator route is missing the refuseNonOperators hook");
  return actor;
}
