// Installs dependencies when they are missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone. It installs with `npm ci`: exactly what the
// lock file records, and the lock file is never rewritten, so a fresh run leaves `git status` clean. Runs on whatever Node the machine has;
// everything after it runs on the Node 24 that the `node` devDependency pins.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const installedMarker = path.join(root, "node_modules", ".package-lock.json");
const pinnedNode = path.join(root, "node_modules", ".bin", "node");
const lockFile = path.join(root, "package-lock.json");

const upToDate =
  existsSync(installedMarker) &&
  existsSync(pinnedNode) &&
  statSync(installedMarker).mtimeMs >= statSync(lockFile).mtimeMs;

if (!upToDate) {
  console.log("Installing dependencies (npm ci)…");
  const result = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
