import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import { COMPRESSION_THRESHOLD_BYTES } from "../http-cache/negotiation.ts";

/** Text worth compressing: JSON, HTML, CSS, JavaScript, SVG. Pictures, video and audio are compressed already. */
const COMPRESSIBLE = /^(?:application\/(?:json|javascript|manifest\+json)|text\/|image\/svg\+xml)/;

/**
 * Compresses answers of 1 KB or more (JSON, the SPA's index.html) with brotli or gzip, whichever
 * the client prefers. Built assets are not compressed here: the build writes `.br`/`.gz` files
 * that @fastify/static serves as they are (web-app.ts). Brotli runs at quality 4, which compresses
 * JSON nearly as well as 11 for a fraction of the CPU. Request bodies are never decompressed: a
 * small compressed body could otherwise expand past the body limit's intent. Routes answered from
 * the public cache send the compressed copies it keeps (plugins/public-cache.ts), so they are left out.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // before @fastify/compress's own onRoute hook, which reads `compress`
  app.addHook("onRoute", (route) => {
    if (route.config?.publicCache) route.compress = false;
  });
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
