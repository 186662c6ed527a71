import path from "node:path";
import type { Plugin } from "vite";
import { screensByPath } from "../src/app/route-table.ts";

/** What dist/.vite/route-preloads.json holds: read by the server (apps/server/src/plugins/web-app.ts). */
export interface RoutePreloads {
  /** JavaScript every page load needs besides the entry's: the contract (zod), for the first API call */
  common: string[];
  /**
   * React Router paths (`/chat/:id`) with the JavaScript of the screens they show, the entry's left
   * out; `bare`: announce nothing, not even `common` (the route table's `preload: false`)
   */
  paths: { path: string; files: string[]; bare?: true }[];
}

/** Output chunks as the bundle lists them (the fields used here). */
interface OutputChunk {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/** The module whose code every API call loads first (lib/api-client.ts `loadContract`). */
const CONTRACT_MODULE = "src/lib/contract.ts";

/**
 * Writes dist/.vite/route-preloads.json: for each path of the route table (app/route-table.ts, the
 * router's own), the chunks its screens import statically, which the server announces as
 * `<link rel="modulepreload">` in the index.html of that path so they load with the entry instead
 * of after it has run (decision 0018).
 */
export function routePreloads(): Plugin {
  let srcRoot = "";
  return {
    name: "reverie:route-preloads",
    apply: "build",
    configResolved(config) {
      srcRoot = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is OutputChunk & typeof item => item.type === "chunk",
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const bySource = new Map(
        chunks.flatMap((chunk) =>
          chunk.facadeModuleId ? [[path.relative(srcRoot, chunk.facadeModuleId), chunk] as const] : [],
        ),
      );
      /** A chunk and its static imports, depth first (the order they are needed in). */
      const closure = (chunk: OutputChunk, into = new Set<string>()): Set<string> => {
        if (into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const file of chunk.imports) {
          const imported = byFile.get(file);
          if (imported) closure(imported, into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error("route preloads: the bundle has no entry");
      const loaded = closure(entry);
      const needs = (source: string): string[] => {
        const chunk = bySource.get(source);
        if (!chunk) throw new Error(`route preloads: no chunk for ${source}`);
        return [...closure(chunk)].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
      };
      const preloads: RoutePreloads = {
        common: needs(CONTRACT_MODULE),
        paths: screensByPath().map(({ path: routePath, screens }) => ({
          path: routePath,
          files: [...new Set(screens.flatMap((screen) => needs(`src/app/routes/${screen}.tsx`)))],
          ...(screens.length === 0 ? { bare: true } : {}),
        })),
      };
      this.emitFile({
        type: "asset",
        fileName: ".vite/route-preloads.json",
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
