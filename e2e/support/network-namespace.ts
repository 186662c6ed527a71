import { execFile } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface NetworkNamespace {
  /** this machine's address as seen from inside the namespace */
  hostAddress: string;
  /** an executable that runs Chromium inside the namespace (for playwright's executablePath) */
  chromiumPath: string;
  remove(): Promise<void>;
}

/** Whether this machine lets the tests make network namespaces (root with iproute2). */
export async function canMakeNetworkNamespaces(): Promise<boolean> {
  if (process.getuid?.() !== 0) return false;
  try {
    await run("ip", ["netns", "list"]);
    return true;
  } catch {
    return false;
  }
}

/**
 * A test host of our own: a network namespace joined to this machine by a veth pair, so a
 * browser inside it reaches the server as another device on the LAN would, by an address that is
 * not loopback. Addresses are from a /30 that only this pair uses.
 */
export async function createNetworkNamespace(chromium: string): Promise<NetworkNamespace> {
  const id = `${process.pid % 10_000}${Math.floor(Math.random() * 100)}`;
  const name = `reverie-e2e-${id}`;
  const hostSide = `rvh${id}`;
  const nsSide = `rvn${id}`;
  const subnet = 1 + (Number(id) % 250);
  const hostAddress = `10.213.${subnet}.1`;
  const nsAddress = `10.213.${subnet}.2`;
  // IPv6 stays off inside the namespace: its link-local address would finish duplicate address
  // detection after Chromium started, and Chromium answers such a change with ERR_NETWORK_CHANGED
  const noIpv6 = (device: string) => [
    "netns",
    "exec",
    name,
    "sysctl",
    "-q",
    "-w",
    `net.ipv6.conf.${device}.disable_ipv6=1`,
  ];
  const steps: string[][] = [
    ["netns", "add", name],
    noIpv6("all"),
    noIpv6("default"),
    ["link", "add", hostSide, "type", "veth", "peer", "name", nsSide],
    ["link", "set", nsSide, "netns", name],
    noIpv6(nsSide),
    ["addr", "add", `${hostAddress}/30`, "dev", hostSide],
    ["link", "set", hostSide, "up"],
    ["-n", name, "addr", "add", `${nsAddress}/30`, "dev", nsSide],
    ["-n", name, "link", "set", nsSide, "up"],
    ["-n", name, "link", "set", "lo", "up"],
  ];
  const dir = await mkdtemp(path.join(tmpdir(), "reverie-netns-"));
  const remove = async () => {
    // deleting the namespace deletes its end of the pair, and with it the other end
    await run("ip", ["netns", "delete", name]).catch(() => undefined);
    await run("ip", ["link", "delete", hostSide]).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (const step of steps) await run("ip", step);
    await linkIsUp(name, nsSide);
    const chromiumPath = path.join(dir, "chromium-in-namespace");
    await writeFile(chromiumPath, `#!/bin/sh\nexec ip netns exec ${name} ${chromium} "$@"\n`);
    await chmod(chromiumPath, 0o755);
    return { hostAddress, chromiumPath, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** Waits until the namespace's end of the pair carries traffic, so Chromium starts on a settled network. */
async function linkIsUp(namespace: string, device: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { stdout } = await run("ip", ["-n", namespace, "-o", "link", "show", device]);
    if (/state UP/.test(stdout)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the link ${device} in ${namespace} did not come up`);
}
