import { BlockList, isIP, isIPv4 } from "node:net";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyRequest } from "fastify";
import { NotFoundError } from "../errors.ts";

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

function isLoopbackAddress(address: string): boolean {
  // A dotted IPv4 address is in 127.0.0.0/8 exactly when it starts so; BlockList.check builds a
  // SocketAddress per call, ~5 % of the CPU of a cached catalog answer (the security headers ask
  // this of every request's Host).
  if (isIPv4(address)) return address.startsWith("127.");
  // an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is checked against the IPv4 rule
  return loopback.check(address, "ipv6");
}

/** `localhost`, a name under it, or a loopback address: what a browser on this machine puts in Host. */
export function isLoopbackHostName(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  return isIP(name) !== 0 && isLoopbackAddress(name);
}

/** TRUST_PROXY as the configuration reads it: no proxy, a hop count, or the proxies' addresses. */
export type TrustProxySetting = boolean | number | readonly string[];

/** Headers a proxy adds: a request that carries one came through a proxy, whatever its socket says. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip", "via"];

/** Answers for this machine only: whether a request comes from it, and a hook for developer tools. */
export interface Locality {
  isLocalRequest(request: FastifyRequest): boolean;
  /** An onRequest hook: to anyone not on this machine the route does not exist (404). */
  loopbackOnly(request: FastifyRequest): Promise<void>;
}

/**
 * Whether a request comes from this machine: the socket's peer is loopback and is not a proxy that
 * TRUST_PROXY names (a proxy on this machine forwards every client from 127.0.0.1, with nginx's
 * default `proxy_pass` even as `Host: 127.0.0.1` and with no forwarding header), the request carries
 * no forwarding header, and its Host names this machine too, so a page whose DNS name was rebound
 * to 127.0.0.1 cannot read local tools through the user's browser.
 */
export function createLocality(trustProxy: TrustProxySetting): Locality {
  const isProxy =
    typeof trustProxy === "boolean"
      ? () => trustProxy
      : typeof trustProxy === "number"
        ? () => trustProxy >= 1
        : proxyAddr.compile([...trustProxy]);
  const isLocalRequest = (request: FastifyRequest): boolean => {
    const address = request.socket.remoteAddress;
    if (!address || !isLoopbackAddress(address) || isProxy(address, 0)) return false;
    if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
    const host = request.headers.host;
    if (host === undefined) return true;
    return URL.canParse(`http://${host}`) && isLoopbackHostName(new URL(`http://${host}`).hostname);
  };
  return {
    isLocalRequest,
    async loopbackOnly(request) {
      if (!isLocalRequest(request)) {
        throw new NotFoundError(`No such resource: ${request.method} ${request.url.split("?")[0]}`);
      }
    },
  };
}
