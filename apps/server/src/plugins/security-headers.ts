import type { FastifyReply, FastifyRequest } from "fastify";
import helmet from "helmet";
import { isLoopbackHostName } from "./loopback-only.ts";

const directives = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", "data:", "blob:"],
  mediaSrc: ["'self'", "blob:"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", "data:"],
  // 'self' covers ws:// and wss:// on the page's own host (CSP level 3)
  connectSrc: ["'self'"],
  scriptSrc: ["'self'"],
};

const shared = {
  // media are loaded by <img>/<video> on the same origin; keep the default cross-origin policies
  crossOriginEmbedderPolicy: false,
  // the sign-in popup keeps its window.opener, to hand the token back
  crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
} as const;

/**
 * Helmet's headers do not depend on the request, only on http or https: they are worked out once,
 * by running helmet against a stand-in response, and set from a plain object on every answer
 * (helmet's own middleware chain cost ~8 µs a request, a fifth of a cached catalog answer).
 */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

const overHttp = headersOf(
  helmet({
    ...shared,
    contentSecurityPolicy: { directives: { ...directives, upgradeInsecureRequests: null } },
    strictTransportSecurity: false,
  }),
);
const overHttps = headersOf(
  helmet({
    ...shared,
    contentSecurityPolicy: { directives: { ...directives, upgradeInsecureRequests: [] } },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  }),
);

/**
 * Over plain http to a host that is not this machine (a LAN address), the browser ignores
 * Cross-Origin-Opener-Policy and says so in the console on every page: it is left out there.
 */
const overHttpElsewhere = Object.fromEntries(
  Object.entries(overHttp).filter(([name]) => name !== "cross-origin-opener-policy"),
);

export type SecurityHeaders = (request: FastifyRequest, reply: FastifyReply, done?: () => void) => void;

/**
 * Helmet's headers for an answer. `upgrade-insecure-requests` and HSTS are sent only when the app
 * is served over https (PUBLIC_URL is https, or a trusted proxy says the request came over https):
 * over plain http (a LAN address, a home server without TLS) they would make the browser fetch
 * every script over https, which fails, and the page stays blank; and Cross-Origin-Opener-Policy,
 * which a browser honours only on a trustworthy origin, is not sent over http to a LAN address. Used as an onRequest hook, and
 * by the answers Fastify gives before any hook runs (a URL it cannot decode).
 */
export function createSecurityHeaders(options: { publicUrl: string }): SecurityHeaders {
  const publicUrlIsHttps = new URL(options.publicUrl).protocol === "https:";
  return (request, reply, done) => {
    if (publicUrlIsHttps || request.protocol === "https") reply.headers(overHttps);
    else reply.headers(isLoopbackHostName(request.hostname) ? overHttp : overHttpElsewhere);
    done?.();
  };
}
