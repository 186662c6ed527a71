import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { PUBLIC_MEDIA_PREFIX } from "../media/storage.ts";
import { IndexPages } from "../web-app/route-preloads.ts";

const ONE_YEAR_SECONDS = 31_536_000;
const ONE_DAY_SECONDS = 86_400;

/** Paths the single-page app never owns: they 404 as JSON instead of falling back to index.html. */
const NOT_SPA = /^\/(api|media|ws|assets|dev)(\/|$)/;
/** A missing file ("/service-worker.js", "/icon.png") is a 404, never the app's page. */
const FILE_NAME = /\.[a-z0-9]{1,12}$/i;

/**
 * A browser's navigation asks for text/html; curl, a monitor or a link checker asks for anything
 * (or says nothing): they get the page too, unless the path names a file.
 */
function wantsPage(method: string, pathname: string, accept: string | undefined): boolean {
  if ((method !== "GET" && method !== "HEAD") || NOT_SPA.test(pathname)) return false;
  if (accept?.includes("text/html")) return true;
  return (!accept || accept.includes("*/*")) && !FILE_NAME.test(pathname);
}

/**
 * Serves public media and the built web app. Hashed files under /assets are cached for a year;
 * index.html, /service-worker.js and /manifest.webmanifest are always revalidated so a deploy is
 * picked up at once (the browser finds a new service worker only by fetching that file again). Unknown paths that a
 * browser navigates to get index.html (the SPA router decides what to show), with modulepreload
 * tags for the screen at that path (web-app/route-preloads.ts), read once at start-up.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDistDir: string; mediaPublicDir: string },
) {
  await app.register(fastifyStatic, {
    root: options.mediaPublicDir,
    prefix: PUBLIC_MEDIA_PREFIX,
    // this registration always happens, so it provides reply.sendFile (private media, index.html)
    maxAge: ONE_DAY_SECONDS * 1000,
  });

  const indexFile = path.join(options.webDistDir, "index.html");
  const hasWebApp = existsSync(indexFile);
  const pages = hasWebApp ? IndexPages.load(options.webDistDir) : null;
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: "/",
      wildcard: false,
      index: false,
      decorateReply: false,
      // the build writes .br and .gz beside each text asset; they are sent as they are
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          "cache-control",
          immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : "no-cache",
        );
      },
    });
  } else {
    app.log.warn({ webDistDir: options.webDistDir }, "web app is not built; serving the API only");
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pages && wantsPage(request.method, pathname, request.headers.accept)) {
      const page = pages.pageFor(pathname);
      reply.header("cache-control", "no-cache").header("etag", page.etag);
      if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
      return reply.type("text/html; charset=utf-8").send(page.html);
    }
    return reply.code(404).send({
      statusCode: 404,
      error: "not_found",
      message: `No such resource: ${request.method} ${pathname}`,
    });
  });
}
