import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, NotFoundError } from "../errors.ts";
import { PRIVATE_MEDIA_PREFIX, type PrivateMediaSigner } from "../media/private-urls.ts";
import type { MediaStorage } from "../media/storage.ts";

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webm: "video/webm",
  mp4: "video/mp4",
};

/** A single `bytes=` range (what <video> asks for), or null when the header asks for none or several. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "invalid" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return "invalid";
  let start: number;
  let end: number;
  if (from === "") {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start > end || start >= size) return "invalid";
  return { start, end };
}

/**
 * Serves private media (full chat pictures and videos the user unlocked) to signed, unexpired
 * links only; see PrivateMediaSigner. Registered at the root, outside /api and out of the OpenAPI
 * document: browsers load these URLs from <img> and <video>.
 */
export const privateMediaRoutes: FastifyPluginAsyncZod<{
  storage: MediaStorage;
  signer: PrivateMediaSigner;
}> = async (app, { storage, signer }) => {
  app.get(
    `${PRIVATE_MEDIA_PREFIX}*`,
    {
      schema: {
        hide: true,
        params: z.object({ "*": z.string() }),
        querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const check = signer.verify(request.params["*"], request.query.expires, request.query.signature);
      if (!check.ok) throw new AppError(403, "forbidden", check.reason);
      let data: Buffer;
      try {
        data = await storage.read(check.key);
      } catch (error) {
        if ((error as { code?: unknown }).code === "ENOENT") throw new NotFoundError("No such media file.");
        throw error;
      }
      const extension = check.key.slice(check.key.lastIndexOf(".") + 1).toLowerCase();
      const maxAge = Math.max(0, check.expiresAt - Math.floor(Date.now() / 1000));
      reply
        .type(CONTENT_TYPES[extension] ?? "application/octet-stream")
        .header("cache-control", `private, max-age=${maxAge}`)
        .header("accept-ranges", "bytes");
      const range = parseRange(request.headers.range, data.length);
      if (range === "invalid") {
        return reply.code(416).header("content-range", `bytes */${data.length}`).send();
      }
      if (range) {
        return reply
          .code(206)
          .header("content-range", `bytes ${range.start}-${range.end}/${data.length}`)
          .send(data.subarray(range.start, range.end + 1));
      }
      return reply.send(data);
    },
  );
};
