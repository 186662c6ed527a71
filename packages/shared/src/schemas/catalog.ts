import { z } from "zod";
import { genderSchema } from "./common.ts";

export const mediaKindSchema = z.enum(["photo", "video", "chat_image", "bundle_image", "bundle_video"]);
export type MediaKind = z.infer<typeof mediaKindSchema>;

/** A character ("model" in the spec). */
export const modelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().min(18),
  gender: genderSchema,
  tagline: z.string().describe("one short line shown on catalog cards"),
  description: z.string(),
  personality: z.string(),
  hobbies: z.array(z.string()),
  relationship: z.string(),
  first_msg: z.string(),
  user_first_msg_help: z.string().describe("suggested first line for the user"),
  avatar_url: z.string(),
  cover_url: z.string(),
  photo_count: z.number().int(),
  video_count: z.number().int(),
});
export type Model = z.infer<typeof modelSchema>;

export const modelSummarySchema = modelSchema.pick({
  id: true,
  name: true,
  age: true,
  gender: true,
  tagline: true,
  avatar_url: true,
});
export type ModelSummary = z.infer<typeof modelSummarySchema>;

export const genderQuerySchema = z.object({ gender: genderSchema.optional() });

export const modelListSchema = z.object({ items: z.array(modelSchema) });

/** One photo or video. Locked media show a blurred preview until bought. */
export const mediaItemSchema = z.object({
  id: z.number().int(),
  kind: mediaKindSchema,
  model_id: z.number().int(),
  bundle_id: z.number().int().nullable(),
  url: z.string().describe("full media for free items, blurred preview for locked ones"),
  thumbnail_url: z.string().describe("still image (poster frame for videos)"),
  width: z.number().int(),
  height: z.number().int(),
  video_duration: z.number().nullable().describe("seconds, videos only"),
  locked: z.boolean(),
  price_tokens: z.number().int().nullable().describe("tokens that unlock the bundle holding a locked item"),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const bundleKindSchema = z.enum(["bundle", "pack"]);

/** A priced set of media: a character's bundle or a gender-wide image pack. */
export const bundleSchema = z.object({
  id: z.number().int(),
  kind: bundleKindSchema,
  model_id: z.number().int().nullable(),
  gender: genderSchema,
  title: z.string(),
  description: z.string(),
  price_tokens: z.number().int().positive(),
  cover_url: z.string(),
  photo_count: z.number().int(),
  video_count: z.number().int(),
  items: z.array(mediaItemSchema).describe("a preview of the first items"),
});
export type Bundle = z.infer<typeof bundleSchema>;

export const galleryItemSchema = mediaItemSchema.extend({ model: modelSummarySchema });
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const galleryQuerySchema = z.object({
  gender: genderSchema.optional(),
  model_id: z.coerce.number().int().positive().optional(),
  kind: z.enum(["photo", "video"]).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const galleryResponseSchema = z.object({
  items: z.array(galleryItemSchema),
  packs: z.array(bundleSchema),
  total_count: z.number().int(),
  pages_count: z.number().int(),
});

export const galleryItemDetailSchema = z.object({
  item: galleryItemSchema,
  bundle: bundleSchema.nullable(),
  related: z.array(galleryItemSchema).describe("more media of the same character"),
});

export const galleryModelSchema = modelSummarySchema.extend({
  media_count: z.number().int(),
  bundle_count: z.number().int(),
});
export const galleryModelsResponseSchema = z.object({ items: z.array(galleryModelSchema) });

export const modelBundlesResponseSchema = z.object({
  items: z.array(z.object({ model: modelSummarySchema, bundles: z.array(bundleSchema) })),
});

export const bundlesQuerySchema = z.object({
  model_id: z.coerce.number().int().positive().optional(),
  gender: genderSchema.optional(),
});
export const bundlesResponseSchema = z.object({ bundles: z.array(bundleSchema) });
export const bundleItemsResponseSchema = z.object({ items: z.array(galleryItemSchema) });

/** Chats shown to signed-out visitors: one per character, opening with its first message. */
export const anonymousChatSchema = z.object({
  id: z.number().int().describe("the character id; anonymous chats are not stored"),
  model: modelSummarySchema,
  last_message: z.object({
    text: z.string(),
    from: z.enum(["user", "model"]),
    send_at: z.string().describe("ISO 8601"),
  }),
});
export const anonymousChatListSchema = z.object({
  items: z.array(anonymousChatSchema),
  pages_count: z.number().int(),
  total_count: z.number().int(),
});

export const anonymousChatsQuerySchema = z.object({
  gender: genderSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
