import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * dist/.vite/route-preloads.json as the web build writes it (apps/web/build/route-preloads.ts): the
 * JavaScript every page load needs besides the entry, and what each path of the router's table needs.
 */
interface RoutePreloadsFile {
  common: string[];
  /** `bare`: nothing is announced for the path, not even `common` */
  paths: { path: string; files: string[]; bare?: boolean }[];
}

/** index.html as sent for one path: the same bytes for every URL the path matches. */
export interface IndexPage {
  html: string;
  etag: string;
}

interface CompiledPath {
  segments: string[];
  /** static segments count first when several paths match, as React Router ranks them */
  staticSegments: number;
  page: IndexPage;
}

/** Only hashed build assets are ever named in a tag (the file is data the server did not write). */
const ASSET_FILE = /^\/assets\/[\w.-]+\.js$/;

function pageOf(html: string): IndexPage {
  return { html, etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"` };
}

function withPreloads(indexHtml: string, files: string[]): string {
  const tags = files
    .filter((file) => ASSET_FILE.test(file) && !indexHtml.includes(`"${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`);
  if (tags.length === 0 || !indexHtml.includes("</head>")) return indexHtml;
  return indexHtml.replace("</head>", `  ${tags.join("\n    ")}\n  </head>`);
}

function readPreloads(file: string): RoutePreloadsFile | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
  const value = parsed as Partial<RoutePreloadsFile> | null;
  const isList = (list: unknown): list is string[] =>
    Array.isArray(list) && list.every((item) => typeof item === "string");
  if (!value || !isList(value.common) || !Array.isArray(value.paths)) return null;
  const paths = value.paths.filter(
    (entry): entry is RoutePreloadsFile["paths"][number] =>
      typeof entry?.path === "string" && isList(entry.files),
  );
  return { common: value.common, paths };
}

/**
 * The SPA's index.html for each page load, with `<link rel="modulepreload">` for the JavaScript
 * of the screen at the requested path (decision 0018). Built once at start-up: a request only
 * matches its path against the route table's patterns and gets one of these cached pages. The URL
 * itself is never written into the HTML. Without a route-preloads.json (an older build) every path
 * gets index.html as it is.
 */
export class IndexPages {
  readonly #paths: CompiledPath[];
  readonly #fallback: IndexPage;

  constructor(paths: CompiledPath[], fallback: IndexPage) {
    this.#paths = paths;
    this.#fallback = fallback;
  }

  static load(webDistDir: string): IndexPages {
    const indexHtml = readFileSync(path.join(webDistDir, "index.html"), "utf8");
    const preloads = readPreloads(path.join(webDistDir, ".vite", "route-preloads.json"));
    if (!preloads) return new IndexPages([], pageOf(indexHtml));
    const paths = preloads.paths.map((entry) => {
      const segments = entry.path.split("/").filter(Boolean);
      return {
        segments,
        staticSegments: segments.filter((segment) => !segment.startsWith(":")).length,
        page: pageOf(withPreloads(indexHtml, entry.bare ? [] : [...entry.files, ...preloads.common])),
      };
    });
    return new IndexPages(paths, pageOf(withPreloads(indexHtml, preloads.common)));
  }

  /** The page for a request's pathname (no query); paths the table does not know get the plain one. */
  pageFor(pathname: string): IndexPage {
    const segments = pathname.split("/").filter(Boolean);
    let best: CompiledPath | undefined;
    for (const candidate of this.#paths) {
      if (candidate.segments.length !== segments.length) continue;
      // React Router matches static segments case-insensitively; a `:param` takes any segment
      const matches = candidate.segments.every(
        (segment, index) =>
          segment.startsWith(":") || segment.toLowerCase() === segments[index]?.toLowerCase(),
      );
      if (matches && (!best || candidate.staticSegments > best.staticSegments)) best = candidate;
    }
    return best?.page ?? this.#fallback;
  }
}
