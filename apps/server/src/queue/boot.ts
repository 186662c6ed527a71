import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

/**
 * A boot is one start of one process's queue: `<instance>#<pid>#<random>`, recorded on the rows
 * whose lease it holds. The instance is the machine (or container) name, the same across
 * restarts, so a process that starts again recognises what its previous run held (decision 39).
 */
export function newBoot(instance: string = hostname()): string {
  const boot = `${instance}#${process.pid}#${randomUUID()}`;
  liveHere.add(boot);
  return boot;
}

/** This process stopped using the boot (its queue stopped). */
export function endBoot(boot: string): void {
  liveHere.delete(boot);
}

/** Boots started in this process and not ended: a second queue of this process must not take their jobs. */
const liveHere = new Set<string>();

/** The instance part of a boot, for finding the boots of this machine. */
export function bootInstance(boot: string): string {
  return boot.slice(0, boot.indexOf("#"));
}

/**
 * Whether a boot of this machine is surely dead: it is not a live boot of this process, and its
 * process is gone (or its pid is ours: a container restarted with the same pid). Boots of other
 * machines are never judged here: their jobs wait for the lease.
 */
export function isDeadBootHere(boot: string, instance: string): boolean {
  const [bootHost, pidText] = boot.split("#");
  if (bootHost !== instance || liveHere.has(boot)) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false; // a live process has that pid
  } catch (error) {
    // EPERM: it exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
