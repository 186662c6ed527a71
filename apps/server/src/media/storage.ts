import { randomUUID } from "node:crypto";
import { access, mkdir, open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { ComponentStatus } from "../lib/health-check.ts";

/**
 * Where media files live. Keys are relative paths; keys under `public/` are served
 * statically at `/media/…`, keys under `private/` only through routes that check access.
 */
export interface MediaStorage {
  exists(key: string): Promise<boolean>;
  put(key: string, data: Uint8Array): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** Deletes the files; keys that do not exist are ignored. */
  remove(keys: readonly string[]): Promise<void>;
  /** The URL a browser loads a public key from; null for private keys. */
  publicUrl(key: string): string | null;
  /** Directory served at /media (disk storage only). */
  readonly publicRoot: string;
  /** Directory of the `private/` keys, served only to signed links (disk storage only). */
  readonly privateRoot: string;
  /** Whether files can be written, read back and deleted now (the health report). */
  check?(): Promise<ComponentStatus>;
}

/** Where the health check's probe files go (never served: outside public/ and private/). */
const PROBE_DIR = "health";

export const PUBLIC_MEDIA_PREFIX = "/media/";

export function isPublicKey(key: string): boolean {
  return key.startsWith("public/");
}

export class DiskMediaStorage implements MediaStorage {
  readonly publicRoot: string;
  readonly privateRoot: string;
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
    this.publicRoot = path.join(root, "public");
    this.privateRoot = path.join(root, "private");
  }

  private resolve(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`media key escapes the storage root: ${key}`);
    }
    return resolved;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.resolve(key));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Writes to a temporary file beside the target, flushes it to the disk, renames it into place
   * and flushes the directory: a reader never sees a half-written file, and a crash or power loss
   * leaves the old file or the new one whole. A failed write removes its temporary file.
   */
  async put(key: string, data: Uint8Array): Promise<void> {
    const target = this.resolve(key);
    const directory = path.dirname(target);
    await mkdir(directory, { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      const file = await open(temporary, "wx");
      try {
        await file.writeFile(data);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
    await syncDirectory(directory);
  }

  /** Writes, reads back and deletes a probe file: ok only when all three work. */
  async check(): Promise<ComponentStatus> {
    const detail = `disk ${this.root}`;
    const key = `${PROBE_DIR}/probe-${randomUUID()}`;
    const written = Buffer.from(`probe ${Date.now()}`);
    try {
      await this.put(key, written);
      const read = await this.read(key);
      if (!read.equals(written)) return { status: "down", detail: `${detail}: a file read back differs` };
      await rm(this.resolve(key));
      return { status: "ok", detail };
    } catch (error) {
      await this.remove([key]).catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      return { status: "down", detail: `${detail}: cannot write: ${reason}` };
    }
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.resolve(key));
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.resolve(key), { force: true })));
  }

  publicUrl(key: string): string | null {
    return isPublicKey(key) ? PUBLIC_MEDIA_PREFIX + key.slice("public/".length) : null;
  }
}

/** Makes a rename in the directory durable (a no-op where directories cannot be opened, e.g. Windows). */
async function syncDirectory(directory: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(directory, "r");
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL") throw error;
  } finally {
    await handle?.close();
  }
}
