import { z } from "zod";

export const genderSchema = z.enum(["male", "female", "anime_male", "anime_female"]);
export type Gender = z.infer<typeof genderSchema>;
export const GENDERS = genderSchema.options;

/** The two interest tiles of the spec map onto the realistic categories. */
export const interestSchema = z.enum(["female", "male"]);

export const idParamSchema = z.object({
  id: z.coerce.number().int().positive(),
});

export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string().describe("machine-readable code, e.g. not_found, bad_request"),
  message: z.string().describe("human-readable reason"),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
