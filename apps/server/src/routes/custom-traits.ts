import { genderSchema, traitListSchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CATALOG_CACHE } from "../http-cache/policy.ts";
import { EYE_PREVIEW_PATH, PORTRAIT_PREVIEW_PATH } from "../services/custom-characters/trait-preview-urls.ts";
import type { TraitPreviews } from "../services/custom-characters/trait-previews.ts";
import { traitList } from "../services/custom-characters/traits.ts";
import { errorResponses } from "./error-responses.ts";

/** A preview is drawn from its query alone: the same query is the same picture for a day. */
const PREVIEW_CACHE = "public, max-age=86400, stale-while-revalidate=604800";

const apiPath = (path: string) => path.replace(/^\/api/, "");

/** The constructor's options (public: the same for everyone) and their pictures. */
export const customTraitRoutes: FastifyPluginAsyncZod<{ previews: TraitPreviews }> = async (
  app,
  { previews },
) => {
  app.get(
    "/custom/traits",
    {
      config: { publicCache: CATALOG_CACHE },
      schema: {
        tags: ["custom"],
        summary:
          "The constructor's traits and their options (with the categories each is offered in), and what a character costs",
        response: { 200: traitListSchema },
      },
    },
    async () => traitList(),
  );

  app.get(
    apiPath(PORTRAIT_PREVIEW_PATH),
    {
      schema: {
        tags: ["custom"],
        summary:
          "A portrait (WebP) of a character of the category with these looks: an option's picture, or the constructor's live preview",
        querystring: z.object({
          gender: genderSchema,
          ethnicity: z.string().max(40).optional(),
          hair_style: z.string().max(40).optional(),
          eyes_color: z.string().max(40).optional(),
        }),
        response: { 200: z.any().describe("the picture, image/webp"), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { gender, ...look } = request.query;
      const picture = await previews.portrait(gender, look);
      return reply.header("content-type", "image/webp").header("cache-control", PREVIEW_CACHE).send(picture);
    },
  );

  app.get(
    apiPath(EYE_PREVIEW_PATH),
    {
      schema: {
        tags: ["custom"],
        summary: "A swatch (WebP) of an eye colour",
        querystring: z.object({ eyes_color: z.string().max(40) }),
        response: { 200: z.any().describe("the picture, image/webp"), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const picture = await previews.eyes(request.query.eyes_color);
      return reply.header("content-type", "image/webp").header("cache-control", PREVIEW_CACHE).send(picture);
    },
  );
};
