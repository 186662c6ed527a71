import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DiskMediaStorage } from "./storage.ts";

const roots: string[] = [];
async function scratch(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "reverie-storage-"));
  roots.push(root);
  return root;
}
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

describe("disk media storage", () => {
  it("writes a file whole and leaves no temporary file", async () => {
    const root = await scratch();
    const storage = new DiskMediaStorage(root);
    await storage.put("public/chats/1/a.webp", Buffer.from("picture"));
    expect((await storage.read("public/chats/1/a.webp")).toString()).toBe("picture");
    expect(await readdir(path.join(root, "public/chats/1"))).toEqual(["a.webp"]);
  });

  it("removes its temporary file when the write fails", async () => {
    const root = await scratch();
    const storage = new DiskMediaStorage(root);
    // the target is a directory that is not empty: the rename into place fails after the data was written
    await mkdir(path.join(root, "public/chats/1/a.webp"), { recursive: true });
    await writeFile(path.join(root, "public/chats/1/a.webp/inside"), "x");
    await expect(storage.put("public/chats/1/a.webp", Buffer.from("picture"))).rejects.toThrow();
    expect(await readdir(path.join(root, "public/chats/1"))).toEqual(["a.webp"]);
  });

  it("says ok when it can write, read back and delete, and leaves no probe behind", async () => {
    const root = await scratch();
    const status = await new DiskMediaStorage(root).check();
    expect(status.status).toBe("ok");
    expect(await readdir(path.join(root, "health"))).toEqual([]);
  });

  it("says down when it cannot write", async () => {
    const root = await scratch();
    // the media directory is a file: nothing can be written under it (this holds for root too)
    const file = path.join(root, "not-a-directory");
    await writeFile(file, "x");
    const status = await new DiskMediaStorage(file).check();
    expect(status.status).toBe("down");
    expect(status.detail).toMatch(/cannot write/);
  });
});
