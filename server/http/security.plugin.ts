// Security headers (CSP included) and the CSRF guard: every mutating call must carry SPEC.md's
// `X-Requested-With: XMLHttpRequest` header, which a cross-site form or image cannot send.
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../config";
import { errorBody } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

async function security(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and react-joyride position popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        mediaSrc: ["'self'", "data:", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: options.config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith("/api/") && !request.url.startsWith("/authn/")) return;
    if (request.headers["x-requested-with"] !== "XMLHttpRequest") {
      return reply
        .status(403)
        .send(errorBody("CSRF_HEADER_MISSING", "Missing X-Requested-With: XMLHttpRequest header."));
    }
  });
}

// Not encapsulated: the headers and the guard apply to every route of the app.
export const securityPlugin = fp(security, { name: "security" });
