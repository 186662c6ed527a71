import type { FastifyRequest } from "fastify";

/** `scheme://host[:port]` in URL's normal form (lower case, default port dropped), or null. */
function normalOrigin(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return /^https?:$/.test(url.protocol) ? url.origin : null;
}

/**
 * Which browser pages may open the socket: the page's own origin (the scheme and Host the request
 * came in on, or the forwarded ones when the peer is a trusted proxy, which Fastify decides), the
 * configured public URL, and any listed in ALLOWED_ORIGINS. A request without an Origin header is
 * not from a browser page and is judged by its token alone.
 */
export function createOriginPolicy(configured: string[]) {
  const listed = new Set(
    configured.map((origin) => normalOrigin(origin)).filter((origin) => origin !== null),
  );
  return (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    const claimed = normalOrigin(origin);
    if (claimed === null) return false;
    if (listed.has(claimed)) return true;
    return claimed === normalOrigin(`${request.protocol}://${request.host}`);
  };
}
