import { randomUUID } from "node:crypto";
import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

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
}

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

  async put(key: string, data: Uint8Array): Promise<void> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    // write then rename, so a reader never sees a half-written file
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
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
