import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The JavaScript files a route needs before it can render: the entry and its static imports, then
 * the route's lazy chunk and its static imports. Dynamic imports (other routes, dialogs loaded on
 * demand) are not counted: they load later, if at all.
 */
export function routeJavascriptFiles(manifest: Manifest, routeSource: string): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error("the build manifest has no entry");
  if (!manifest[routeSource]) throw new Error(`the build manifest has no chunk for ${routeSource}`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  visit(routeSource);
  return [...files].sort();
}

/** Bytes of a file as sent compressed with gzip (level 9, as the build writes `.gz`). */
export function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Gzip bytes of everything a route loads first, and the files that make it up. */
export function routeJavascriptBytes(distDir: string, manifest: Manifest, routeSource: string) {
  const files = routeJavascriptFiles(manifest, routeSource);
  const bytes = files.reduce((total, file) => total + gzipBytes(path.join(distDir, file)), 0);
  return { files, bytes };
}
