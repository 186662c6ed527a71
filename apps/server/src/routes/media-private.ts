import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { PRIVATE_KEY_PREFIX, PRIVATE_MEDIA_PREFIX, type PrivateMediaSigner } from "../media/private-urls.ts";
import type { MediaStorage } from "../media/storage.ts";

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
      const maxAge = Math.max(0, check.expiresAt - Math.floor(Date.now() / 1000));
      // @fastify/static streams the file and answers ranges, ETag/Last-Modified and 304s; a missing
      // file goes to the 404 handler
      return reply
        .header("cache-control", `private, max-age=${maxAge}`)
        .sendFile(check.key.slice(PRIVATE_KEY_PREFIX.length), storage.privateRoot, { cacheControl: false });
    },
  );
};
