import { z } from "zod";
import { CUSTOM_LIMITS } from "../constants.ts";
import { modelSchema } from "./catalog.ts";
import { genderSchema } from "./common.ts";

/**
 * Custom characters, character cards and generated pictures (decision 23). The trait options come
 * from the server (`GET /api/custom/traits`), so the constructor and the server never disagree; an
 * unknown value is a 400 that names the field.
 */

/** The traits of the spec's custom-model payload, in the constructor's order. */
export const TRAIT_KEYS = [
  "ethnicity",
  "body_type",
  "breast_type",
  "butt_size",
  "eyes_color",
  "hair_style",
  "personality",
  "relationship",
  "hobbies",
  "voice",
] as const;
export type TraitKey = (typeof TRAIT_KEYS)[number];

export const traitOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** a picture of the option (a small rendered swatch or portrait); null when an icon name is used */
  image_url: z.string().nullable(),
  /** a lucide icon name for options without a picture */
  icon: z.string().nullable(),
  /** the categories the option is offered in (breast types: female ones only; anime looks: anime ones) */
  genders: z.array(genderSchema),
});

export const traitDefinitionSchema = z.object({
  key: z.enum(TRAIT_KEYS),
  label: z.string(),
  /** hobbies take several values (sent joined by commas); every other trait one */
  multiple: z.boolean(),
  /** at most this many values when multiple */
  max: z.number().int().positive(),
  options: z.array(traitOptionSchema),
});
export type TraitDefinition = z.infer<typeof traitDefinitionSchema>;

/** GET /api/custom/traits */
export const traitListSchema = z.object({
  traits: z.array(traitDefinitionSchema),
  /** what one custom character costs in tokens; premium has `free_per_month` of them included */
  price_tokens: z.number().int(),
  free_per_month: z.number().int(),
});

/** POST /api/custom/models — the spec's custom model payload. Hobbies travel joined by commas. */
export const customModelPayloadSchema = z
  .object({
    gender: genderSchema,
    name: z.string().trim().min(1, "Give your character a name.").max(CUSTOM_LIMITS.nameMaxLength),
    age: z
      .number()
      .int()
      .min(CUSTOM_LIMITS.minAge, "Characters are adults: 18 or older.")
      .max(CUSTOM_LIMITS.maxAge),
    ethnicity: z.string().min(1),
    body_type: z.string().min(1),
    /** female categories only */
    breast_type: z.string().min(1).optional(),
    butt_size: z.string().min(1),
    eyes_color: z.string().min(1),
    hair_style: z.string().min(1),
    personality: z.string().min(1),
    relationship: z.string().min(1),
    hobbies: z.string().min(1).describe("several hobby values joined by commas"),
    voice: z.string().min(1),
    description: z.string().trim().max(CUSTOM_LIMITS.descriptionMaxLength).default(""),
  })
  .strict();
export type CustomModelPayload = z.infer<typeof customModelPayloadSchema>;

/**
 * PATCH /api/custom/models/{id} — any of the payload's fields but the category. The description
 * has no default here: a change that leaves it out keeps it.
 */
export const customModelUpdateSchema = customModelPayloadSchema
  .omit({ gender: true })
  .extend({ description: z.string().trim().max(CUSTOM_LIMITS.descriptionMaxLength) })
  .partial()
  .strict();

export const customModelCreatedSchema = z.object({
  model_id: z.number().int(),
  /** the balance after paying for it */
  current_tokens: z.number().int(),
});

/** A user's own character: a model plus what it was built from. */
export const customModelSchema = modelSchema.extend({
  custom: z.literal(true),
  traits: z.record(z.string(), z.string()),
  /** the portrait is drawn by a job: `pending` until `custom_model_created` (or `update_custom_image`) */
  portrait_status: z.enum(["pending", "ready", "failed"]),
  /** where it came from: built here, or imported from a card */
  source: z.enum(["builder", "card"]),
  /** an imported card's lorebook entries, if any */
  lorebook_entries: z.number().int(),
  created_at: z.string(),
});
export type CustomModel = z.infer<typeof customModelSchema>;

/** GET /api/custom/models?gender */
export const customModelListSchema = z.object({ items: z.array(customModelSchema) });

/** POST /api/custom/cards?age&gender — a Tavern card (PNG or JSON) becomes a character. */
export const cardImportQuerySchema = z.object({
  /** cards carry no age: the user states one, 18 or more */
  age: z.coerce
    .number()
    .int()
    .min(CUSTOM_LIMITS.minAge, "Characters are adults: 18 or older.")
    .max(CUSTOM_LIMITS.maxAge),
  gender: genderSchema,
});

/** POST /api/custom/images — pictures of a character (catalog or own), paid per picture. */
export const customImagesRequestSchema = z
  .object({
    model_id: z.number().int().positive(),
    user_prompt: z.string().trim().min(1, "Describe the picture.").max(CUSTOM_LIMITS.imagePromptMaxLength),
    count: z.number().int().min(1).max(CUSTOM_LIMITS.maxImagesPerRequest),
    style: z.enum(["realistic", "anime"]).default("realistic"),
  })
  .strict();

/**
 * GET /api/custom/images/styles — the styles the configured image provider makes, as the
 * generator offers them: "realistic" is a photograph only where a text-to-image model is set up;
 * the offline renderer draws it as an illustration, and says so.
 */
export const imageStylesSchema = z.object({
  medium: z.enum(["photographs", "illustrations"]),
  styles: z.array(
    z.object({
      value: z.enum(["realistic", "anime"]),
      label: z.string(),
      description: z.string(),
    }),
  ),
});
export type ImageStyles = z.infer<typeof imageStylesSchema>;

export const customImagesAcceptedSchema = z.object({
  request_id: z.number().int(),
  current_tokens: z.number().int(),
  /** what one picture cost */
  price_tokens: z.number().int(),
});

export const generatedImageSchema = z.object({
  id: z.number().int(),
  model_id: z.number().int(),
  /** a signed, expiring link: generated pictures are their owner's only */
  url: z.string(),
  thumbnail_url: z.string(),
  prompt: z.string(),
  style: z.enum(["realistic", "anime"]),
  created_at: z.string(),
});
export type GeneratedImage = z.infer<typeof generatedImageSchema>;

/** GET /api/custom/images?model_id — the user's pictures, newest first */
export const generatedImageListSchema = z.object({ items: z.array(generatedImageSchema) });
export const generatedImagesQuerySchema = z.object({
  model_id: z.coerce.number().int().positive().optional(),
});
