// The signed-in user's Web Push settings (decision 035): the server's public key, the per-kind switches, and the
// browsers subscribed. A subscription naming a push service outside the allow-list, or keys that are no P-256 point
// and 16-byte secret, is refused and stores nothing.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PushEndpointBody, pushKeys, PushSettingsResponse, PushSubscriptionBody, PushSwitches } from "../../contract";
import { refuseSignedOut, signedInUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { errorAnswers, HttpError } from "../http/errors";
import { isAllowedEndpoint, isP256Point } from "./endpoints";
import { pushSettingsOf, setPushSwitches, subscribe, unsubscribe } from "./push.service";

export async function pushRoutes(
  app: FastifyInstance,
  options: { db: Database; publicKey: string; allowsLoopback: boolean },
): Promise<void> {
  const { db } = options;
  app.addHook("preHandler", refuseSignedOut);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = async (userId: string) => ({ publicKey: options.publicKey, ...(await pushSettingsOf(db, userId)) });
  const answer = { 200: PushSettingsResponse, ...errorAnswers };

  r.get("/api/push", { schema: { response: answer } }, async (request) => settings(signedInUser(request).id));

  r.put("/api/push/switches", { schema: { body: PushSwitches, response: answer } }, async (request) => {
    const userId = signedInUser(request).id;
    await setPushSwitches(db, userId, request.body);
    return settings(userId);
  });

  r.put("/api/push/subscription", { schema: { body: PushSubscriptionBody, response: answer } }, async (request) => {
    const { endpoint, keys } = request.body;
    const issues = [
      ...(isAllowedEndpoint(endpoint, options.allowsLoopback) ? [] : [{ path: "endpoint", message: pushKeys.endpoint }]),
      ...(isP256Point(keys.p256dh) ? [] : [{ path: "keys.p256dh", message: pushKeys.keys }]),
    ];
    if (issues.length > 0) throw new HttpError(400, "VALIDATION_FAILED", "The request is not valid.", issues);
    const userId = signedInUser(request).id;
    if (!request.sessionIdHash) throw new Error("a signed-in request without its session");
    const session = { userId, idHash: request.sessionIdHash };
    await db.transaction((tx) => subscribe(tx, session, request.body));
    return settings(userId);
  });

  r.delete("/api/push/subscription", { schema: { body: PushEndpointBody, response: answer } }, async (request) => {
    const userId = signedInUser(request).id;
    await unsubscribe(db, userId, request.body.endpoint);
    return settings(userId);
  });
}
