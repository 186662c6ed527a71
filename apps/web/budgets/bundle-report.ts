import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import { type Manifest, routeJavascriptBytes } from "./route-javascript.ts";

interface ChunkReport {
  file: string;
  gzip: number;
  kind: "entry" | "lazy" | "shared";
  /** source modules by their size in the chunk before minifying, largest first */
  modules: Array<{ id: string; bytes: number }>;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** node_modules/<package>/… and the repo's own paths, short enough to read. */
function shortId(id: string, root: string): string {
  const nodeModules = id.lastIndexOf("/node_modules/");
  if (nodeModules >= 0) return id.slice(nodeModules + "/node_modules/".length);
  return id.startsWith(root) ? path.relative(root, id) : id;
}

/**
 * `BUNDLE_REPORT=1 npm run build` writes dist/.vite/bundle-report.txt: each route's first-load
 * JavaScript (as the byte budgets count it), then every chunk, gzip, with the modules in it. For
 * finding what to split; normal builds skip it.
 */
export function bundleReport(): Plugin {
  let outDir = "";
  let root = "";
  const chunks: ChunkReport[] = [];

  return {
    name: "reverie:bundle-report",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      root = path.resolve(config.root, "../..");
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks.push({
          file: output.fileName,
          gzip: gzipSync(output.code, { level: 9 }).length,
          kind: output.isEntry ? "entry" : output.isDynamicEntry ? "lazy" : "shared",
          modules: Object.entries(output.modules)
            .map(([id, module]) => ({ id: shortId(id, root), bytes: module.renderedLength }))
            .filter((module) => module.bytes > 0)
            .sort((a, b) => b.bytes - a.bytes),
        });
      }
    },
    writeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
      const routes = Object.keys(manifest)
        .filter((key) => key.startsWith("src/app/routes/"))
        .map((key) => ({ route: path.basename(key, ".tsx"), ...routeJavascriptBytes(outDir, manifest, key) }))
        .sort((a, b) => b.bytes - a.bytes);
      const lines = [
        "First-load JavaScript per route (entry + route chunk + static imports, gzip; the byte budgets)",
        "",
        ...routes.map(
          ({ route, bytes, files }) => `${kib(bytes).padStart(10)}  ${route}  (${files.length} files)`,
        ),
        "",
        "Chunks, gzip, with their modules (bytes before minifying)",
      ];
      for (const chunk of chunks.sort((a, b) => b.gzip - a.gzip)) {
        lines.push("", `${kib(chunk.gzip).padStart(10)}  ${chunk.file}  [${chunk.kind}]`);
        for (const module of chunk.modules) lines.push(`${String(module.bytes).padStart(18)}  ${module.id}`);
      }
      const file = path.join(outDir, ".vite/bundle-report.txt");
      writeFileSync(file, `${lines.join("\n")}\n`);
      this.info(`bundle report: ${path.relative(process.cwd(), file)}`);
    },
  };
}
