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
    // Providers' webhooks prove themselves with a signature instead.
    if (request.url.startsWith("/api/payments/webhook/")) return;
    const refuse = (message: string) => reply.status(403).send(errorBody("CSRF_HEADER_MISSING", message));
    if (request.headers["x-requested-with"] !== "XMLHttpRequest") {
      return refuse("Missing X-Requested-With: XMLHttpRequest header.");
    }
    const origin = request.headers.origin;
    if (origin && !isOwnOrigin(origin, request.headers.host, options.config.publicOrigin)) {
      return refuse("Cross-origin requests are not accepted.");
    }
    const hasBody = Number(request.headers["content-length"] ?? 0) > 0 || request.headers["transfer-encoding"] !== undefined;
    if (hasBody && !/^application\/json\b/i.test(request.headers["content-type"] ?? "")) {
      return reply.status(415).send(errorBody("BAD_REQUEST", "Send JSON (Content-Type: application/json)."));
    }
  });
}

/** The page's own origin: the configured public one, or the host this request was sent to. */
export function isOwnOrigin(origin: string, host: string | undefined, publicOrigin: string | undefined): boolean {
  if (origin === publicOrigin) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

// Not encapsulated: the headers and the guard apply to every route of the app.
export const securityPlugin = fp(security, { name: "security" });
