import { z } from "zod";

/** POST /api/user/export: the export being built. */
export const dataExportStartedSchema = z.object({ export_id: z.string() });
export type DataExportStarted = z.infer<typeof dataExportStartedSchema>;

export const DATA_EXPORT_STATUSES = ["pending", "ready", "failed", "expired"] as const;

/** GET /api/user/export/:id: once ready, a signed link that works until `expires_at`. */
export const dataExportSchema = z.object({
  export_id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  url: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The word an account without a password types to confirm its deletion. */
export const DELETE_ACCOUNT_WORD = "DELETE";

/**
 * DELETE /api/user: an account with a password confirms with it; one that signs in only through a
 * provider (no password) types DELETE_ACCOUNT_WORD.
 */
export const deleteAccountBodySchema = z.object({
  password: z.string().max(256).optional(),
  confirmation: z.string().max(32).optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
