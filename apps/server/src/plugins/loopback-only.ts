import { BlockList } from "node:net";
import type { FastifyRequest } from "fastify";
import { NotFoundError } from "../errors.ts";

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/**
 * Whether the request comes from this machine, judged by the socket's own peer address and never
 * by a forwarded header: behind a proxy on this machine every client looks local, so a developer
 * tool must not be exposed through one.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  if (!address) return false;
  // an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is checked against the IPv4 rule
  return loopback.check(address, address.includes(":") ? "ipv6" : "ipv4");
}

/** An onRequest hook for developer tools: to any other client they do not exist (404). */
export async function loopbackOnly(request: FastifyRequest): Promise<void> {
  if (!isLoopbackClient(request))
    throw new NotFoundError(`No such resource: ${request.method} ${request.url.split("?")[0]}`);
}
