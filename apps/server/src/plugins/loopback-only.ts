import { BlockList, isIP, isIPv4 } from "node:net";
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

/**
 * Whether the request comes from this machine: the socket's own peer address is loopback (never a
 * forwarded header: behind a proxy on this machine every client looks local), and the Host names
 * this machine too, so a page whose DNS name was rebound to 127.0.0.1 cannot read local tools
 * through the user's browser.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  if (!address || !isLoopbackAddress(address)) return false;
  const host = request.headers.host;
  if (host === undefined) return true;
  return URL.canParse(`http://${host}`) && isLoopbackHostName(new URL(`http://${host}`).hostname);
}

/** An onRequest hook for developer tools: to anyone not on this machine they do not exist (404). */
export async function loopbackOnly(request: FastifyRequest): Promise<void> {
  if (!isLocalRequest(request)) {
    throw new NotFoundError(`No such resource: ${request.method} ${request.url.split("?")[0]}`);
  }
}
