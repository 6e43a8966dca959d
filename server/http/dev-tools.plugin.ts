// Tells the SPA whether it may offer the dev panel, without a request of its own (decision 080): outside production
// every answer carries a cookie that says so. A production server sets none, and clears one that a browser brings from
// an earlier run on the same address, so the page's next answer (its user) has taken it away.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DEV_TOOLS_COOKIE, DEV_TOOLS_OFFERED } from "../../contract/constants";

async function devToolsOffer(app: FastifyInstance, options: { isOffered: boolean }): Promise<void> {
  app.addHook("onRequest", async (request, reply) => {
    // Not httpOnly: the page's script is what reads it. It lasts as long as the browser's session.
    if (options.isOffered) reply.setCookie(DEV_TOOLS_COOKIE, DEV_TOOLS_OFFERED, { path: "/", sameSite: "strict" });
    else if (request.cookies[DEV_TOOLS_COOKIE] !== undefined) reply.clearCookie(DEV_TOOLS_COOKIE, { path: "/", sameSite: "strict" });
  });
}

/** Registered after the sessions plugin, whose cookie parser it uses. */
export const devToolsOfferPlugin = fp(devToolsOffer, { name: "dev-tools-offer", dependencies: ["sessions"] });
