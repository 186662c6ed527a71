import { z } from "zod";
import { CUSTOM_LIMITS } from "../constants.ts";
import { adminReasonField } from "./admin.ts";
import { genderSchema } from "./common.ts";

/** The console's Characters and media screen (decision 30). */

export const adminCharacterIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const adminCatalogQuerySchema = z.object({ gender: genderSchema.optional() });

export const adminMediaItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  bundle_id: z.number().int().nullable(),
  url: z.string(),
  thumbnail_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
});
export type AdminMediaItem = z.infer<typeof adminMediaItemSchema>;

export const adminCharacterSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  age: z.number().int(),
  gender: genderSchema,
  tagline: z.string(),
  description: z.string(),
  personality: z.string(),
  hobbies: z.string(),
  relationship: z.string(),
  first_msg: z.string(),
  user_first_msg_help: z.string(),
  avatar_url: z.string(),
  cover_url: z.string(),
  position: z.number().int(),
  hidden: z.boolean(),
  photo_count: z.number().int(),
  video_count: z.number().int(),
  created_at: z.string(),
});
export type AdminCharacter = z.infer<typeof adminCharacterSchema>;

export const adminCharacterListSchema = z.object({ items: z.array(adminCharacterSchema) });
export type AdminCharacterList = z.infer<typeof adminCharacterListSchema>;

export const adminBundleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: z.enum(["bundle", "pack"]),
  character_id: z.number().int().nullable(),
  gender: genderSchema,
  title: z.string(),
  description: z.string(),
  price_tokens: z.number().int(),
  cover_url: z.string(),
  photo_count: z.number().int(),
  video_count: z.number().int(),
});
export type AdminBundle = z.infer<typeof adminBundleSchema>;

export const adminBundleListSchema = z.object({ items: z.array(adminBundleSchema) });
export type AdminBundleList = z.infer<typeof adminBundleListSchema>;

/** GET /api/admin/characters/:id — the character, its gallery media and its bundles. */
export const adminCharacterDetailSchema = adminCharacterSchema.extend({
  media: z.array(adminMediaItemSchema),
  bundles: z.array(adminBundleSchema),
});
export type AdminCharacterDetail = z.infer<typeof adminCharacterDetailSchema>;

const text = (max: number, required: string) => z.string().trim().min(1, required).max(max);

/**
 * The fields of a catalog character an admin writes. The age is checked by the server, not here:
 * an admin's attempt at a minor is refused (400 underage) and recorded for moderation.
 */
export const adminCharacterFieldsSchema = z.object({
  name: text(CUSTOM_LIMITS.nameMaxLength, "A name is required."),
  age: z.number({ error: "An age is required." }).int().min(0).max(CUSTOM_LIMITS.maxAge),
  gender: genderSchema,
  tagline: text(200, "A tagline is required."),
  description: text(CUSTOM_LIMITS.descriptionMaxLength, "A bio is required."),
  personality: text(500, "A personality is required."),
  hobbies: z.string().trim().max(300),
  relationship: z.string().trim().max(200),
  first_msg: text(1000, "A greeting is required."),
  user_first_msg_help: z.string().trim().max(300),
});

/** POST /api/admin/characters */
export const adminCharacterCreateBodySchema = adminCharacterFieldsSchema.extend({
  hobbies: adminCharacterFieldsSchema.shape.hobbies.default(""),
  relationship: adminCharacterFieldsSchema.shape.relationship.default(""),
  user_first_msg_help: adminCharacterFieldsSchema.shape.user_first_msg_help.default(""),
  reason: adminReasonField.optional(),
});
export type AdminCharacterCreateBody = z.input<typeof adminCharacterCreateBodySchema>;

/** PATCH /api/admin/characters/:id — only the fields that change. */
export const adminCharacterUpdateBodySchema = adminCharacterFieldsSchema.partial().extend({
  reason: adminReasonField.optional(),
});
export type AdminCharacterUpdateBody = z.input<typeof adminCharacterUpdateBodySchema>;

/** POST /api/admin/characters/:id/visibility */
export const adminCharacterVisibilityBodySchema = z.object({
  hidden: z.boolean(),
  reason: adminReasonField.optional(),
});
export type AdminCharacterVisibilityBody = z.infer<typeof adminCharacterVisibilityBodySchema>;

/** POST /api/admin/characters/order — a category's characters in their new order (every one of them). */
export const adminCharacterOrderBodySchema = z.object({
  gender: genderSchema,
  ids: z.array(z.number().int().positive()).min(1).max(1000),
});
export type AdminCharacterOrderBody = z.infer<typeof adminCharacterOrderBodySchema>;

/** PATCH /api/admin/bundles/:id — a bundle's or pack's title, description or price (tokens). */
export const adminBundleUpdateBodySchema = z.object({
  title: z.string().trim().min(1).max(120).optional(),
  description: z.string().trim().min(1).max(1000).optional(),
  price_tokens: z.number().int().min(1, "A price is at least 1 token.").max(100_000).optional(),
  reason: adminReasonField.optional(),
});
export type AdminBundleUpdateBody = z.input<typeof adminBundleUpdateBodySchema>;

export const adminBundleIdParamSchema = z.object({ id: z.coerce.number().int().positive() });
export const adminBundleQuerySchema = z.object({
  gender: genderSchema.optional(),
  kind: z.enum(["bundle", "pack"]).optional(),
});

/** POST /api/admin/characters/:id/bundles — a new (empty) bundle of the character's, locked at its price. */
export const adminBundleCreateBodySchema = z.object({
  title: z.string().trim().min(1, "A title is required.").max(120),
  description: z.string().trim().min(1, "A description is required.").max(1000),
  price_tokens: z.number().int().min(1, "A price is at least 1 token.").max(100_000),
  reason: adminReasonField.optional(),
});
export type AdminBundleCreateBody = z.input<typeof adminBundleCreateBodySchema>;

/** POST /api/admin/bundles/:id/items — one of the character's free gallery photos goes into the bundle. */
export const adminBundleItemBodySchema = z.object({
  media_id: z.number().int().positive(),
  reason: adminReasonField.optional(),
});
export type AdminBundleItemBody = z.infer<typeof adminBundleItemBodySchema>;

/** DELETE /api/admin/bundles/:id/items/:itemId */
export const adminBundleItemParamSchema = z.object({
  id: z.coerce.number().int().positive(),
  itemId: z.coerce.number().int().positive(),
});

/** DELETE /api/admin/characters/:id/media/:mediaId */
export const adminCharacterMediaParamSchema = z.object({
  id: z.coerce.number().int().positive(),
  mediaId: z.coerce.number().int().positive(),
});
