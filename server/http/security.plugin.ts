// Security headers (CSP included) and the CSRF guard: every mutating call must carry SPEC.md's
// `X-Requested-With: XMLHttpRequest` header, which a cross-site form or image cannot send.
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../config";
import { errorBody } from "./errors";
import { themeScriptHash } from "./theme-script";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

async function security(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Our files, and the one inline script of index.html by its hash (decision 064).
        scriptSrc: ["'self'", themeScriptHash],
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

  // The guard looks at the route the request was matched to, not at its URL: a path spelled another way
  // (`/%61pi/…`) reaches the same route and the same guard. Mutating routes opt out only by naming how they are
  // guarded instead (route config `csrf`).
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.url === undefined) return;
    const refusal = crossSiteRefusal(request, request.routeOptions.config.csrf ?? "api", options.config);
    if (refusal) return reply.status(refusal.status).send(errorBody(refusal.code, refusal.message));
  });
}

/** Why a mutating request may not come from another site, or nothing when it may pass. */
function crossSiteRefusal(request: FastifyRequest, mode: CsrfMode, own: Pick<AppConfig, "publicOrigin" | "isProduction">) {
  if (mode === "signature") return undefined;
  // SPEC.md's header: a cross-site form or image cannot send it. Our own HTML forms ("origin") post without it.
  if (mode === "api" && request.headers["x-requested-with"] !== "XMLHttpRequest") {
    return { status: 403, code: "CSRF_HEADER_MISSING", message: "Missing X-Requested-With: XMLHttpRequest header." } as const;
  }
  // A form post from a page with `Referrer-Policy: no-referrer` (ours) carries `Origin: null`; the browser's own
  // Sec-Fetch-Site then tells where it came from. Such a form is further held by the SameSite session cookie.
  const origin = request.headers.origin;
  const fetchSite = request.headers["sec-fetch-site"];
  const isForeign =
    fetchSite === "cross-site" ||
    fetchSite === "same-site" ||
    (origin !== undefined && origin !== "null" && !isOwnOrigin(origin, request.headers.host, own));
  if (isForeign || (mode === "api" && origin === "null")) {
    return { status: 403, code: "CSRF_HEADER_MISSING", message: "Cross-origin requests are not accepted." } as const;
  }
  const hasBody = Number(request.headers["content-length"] ?? 0) > 0 || request.headers["transfer-encoding"] !== undefined;
  if (mode === "api" && hasBody && !/^application\/json\b/i.test(request.headers["content-type"] ?? "")) {
    return { status: 415, code: "BAD_REQUEST", message: "Send JSON (Content-Type: application/json)." } as const;
  }
  return undefined;
}

/**
 * How a mutating route is guarded against cross-site requests: "api" (default) needs SPEC.md's header, an own or no
 * Origin and a JSON body; "origin" (our own HTML forms) refuses a foreign Origin; "signature" (providers' webhooks)
 * proves itself instead.
 */
export type CsrfMode = "api" | "origin" | "signature";

declare module "fastify" {
  interface FastifyContextConfig {
    csrf?: CsrfMode;
  }
}

/**
 * The page's own origin: the configured public one, or, outside production, the host this request was sent to. In
 * production the Host header proves nothing: a page on a domain an attacker points at the server (DNS rebinding)
 * sends its own name as both Origin and Host.
 */
export function isOwnOrigin(
  origin: string,
  host: string | undefined,
  own: { publicOrigin: string | undefined; isProduction: boolean },
): boolean {
  if (origin === own.publicOrigin) return true;
  if (own.isProduction) return false;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

// Not encapsulated: the headers and the guard apply to every route of the app.
export const securityPlugin = fp(security, { name: "security" });
