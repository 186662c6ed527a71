import { readFileSync } from "node:fs";
import path from "node:path";

/** One entry of Vite's build manifest (dist/.vite/manifest.json): the fields read here. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What the service worker fetches on the first visit (decision 0042): the shell (the entry, its CSS
 * and static imports) and what the landing route needs to show its first screen, plus the few
 * modules that must be there when nothing else can load. Everything else is cached at run time,
 * as it is used (build/pwa.ts).
 */
export const PRECACHED_SOURCES = [
  // the shell: the entry and its static imports, its CSS
  "index.html",
  // the landing route and its static imports
  "src/app/routes/landing.tsx",
  // zod and the shared schemas: every first API call loads them (lib/api-client.ts `loadContract`)
  "src/lib/contract.ts",
  // the offline notice and screen, and what restores the kept chats: shown when nothing else loads
  "src/features/pwa/components/offline-notice.tsx",
  "src/components/layout/offline-screen.tsx",
  "src/lib/offline-snapshot.ts",
] as const;

/** The files (dist-relative, `assets/…`) of these sources and their static imports, CSS included. */
export function precachedFiles(
  manifest: Manifest,
  sources: readonly string[] = PRECACHED_SOURCES,
): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) {
    if (!manifest[source]) throw new Error(`the build manifest has no chunk for ${source}`);
    visit(source);
  }
  return files;
}

/** Reads dist/.vite/manifest.json of a build. */
export function readBuildManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as Manifest;
}
