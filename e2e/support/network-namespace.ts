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
  const steps: string[][] = [
    ["netns", "add", name],
    ["link", "add", hostSide, "type", "veth", "peer", "name", nsSide],
    ["link", "set", nsSide, "netns", name],
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
    const chromiumPath = path.join(dir, "chromium-in-namespace");
    await writeFile(chromiumPath, `#!/bin/sh\nexec ip netns exec ${name} ${chromium} "$@"\n`);
    await chmod(chromiumPath, 0o755);
    return { hostAddress, chromiumPath, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
