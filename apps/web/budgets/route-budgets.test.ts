import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_BUDGETS_KIB } from "./route-budgets.ts";
import { type Manifest, routeJavascriptBytes, routeJavascriptFiles } from "./route-javascript.ts";

const webRoot = path.resolve(import.meta.dirname, "..");
const distDir = path.join(webRoot, "dist");
const manifestFile = path.join(distDir, ".vite", "manifest.json");
const routes = readdirSync(path.join(webRoot, "src/app/routes"))
  .filter((file) => file.endsWith(".tsx"))
  .map((file) => file.replace(/\.tsx$/, ""));

describe("JavaScript each route loads first", () => {
  if (!existsSync(manifestFile)) {
    throw new Error("The web app is not built: run `npm run build` (npm test does it) before the budgets.");
  }
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;

  it("has a budget for every route", () => {
    expect(routes.filter((route) => ROUTE_BUDGETS_KIB[route] === undefined)).toEqual([]);
  });

  it.each(routes)("%s stays within its budget", (route) => {
    const { bytes, files } = routeJavascriptBytes(distDir, manifest, `src/app/routes/${route}.tsx`);
    const budget = (ROUTE_BUDGETS_KIB[route] ?? 0) * 1024;
    expect(
      bytes,
      `${route}: ${(bytes / 1024).toFixed(1)} KiB gzip in ${files.join(", ")}`,
    ).toBeLessThanOrEqual(budget);
  });

  it("counts the entry and the route's static imports, not other routes", () => {
    const files = routeJavascriptFiles(manifest, "src/app/routes/landing.tsx");
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    expect(files).toContain(entry?.file);
    expect(files).toContain(manifest["src/app/routes/landing.tsx"]?.file);
    expect(files).not.toContain(manifest["src/app/routes/settings.tsx"]?.file);
  });
});
