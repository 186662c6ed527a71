import {
  ADMIN_UPLOAD_MAX_BYTES,
  adminCharacterIdParamSchema,
  adminCharacterSchema,
  adminMediaItemSchema,
} from "@reverie/shared";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffActor } from "../../plugins/require-role.ts";
import type { AccountService } from "../../services/accounts.ts";
import {
  type CatalogUploads,
  unsupportedUploadTypeError,
  uploadTooLargeError,
} from "../../services/admin/catalog-uploads.ts";
import { errorResponses } from "../error-responses.ts";
import { ADMIN_BEARER } from "./admin-me.ts";

/** Any declared type (or none): the content decides what an upload is (sniffed by CatalogUploads). */
const UPLOAD_CONTENT_TYPES = "*";

/**
 * Portraits and gallery pictures for catalog characters: the raw file as the body (as card imports
 * send theirs), admins only, refused before the body is read without the role.
 */
export const adminCatalogUploadRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  uploads: CatalogUploads;
}> = async (app, { accounts, uploads }) => {
  app.addHook("onRequest", requireRole(accounts, ["admin"]));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    UPLOAD_CONTENT_TYPES,
    { parseAs: "buffer", bodyLimit: ADMIN_UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw uploadTooLargeError();
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw unsupportedUploadTypeError();
    throw error;
  });
  const docs = (summary: string) => ({ tags: ["admin"], summary, security: ADMIN_BEARER });
  const bodyOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  app.post(
    "/admin/characters/:id/portrait",
    {
      schema: {
        ...docs(
          "Upload a portrait (PNG, JPEG or WebP by content, 10 MiB at most): made into the avatar and cover",
        ),
        params: adminCharacterIdParamSchema,
        response: { 200: adminCharacterSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => uploads.portrait(staffActor(request), request.params.id, bodyOf(request.body)),
  );

  app.post(
    "/admin/characters/:id/media",
    {
      schema: {
        ...docs("Upload a gallery photo (PNG, JPEG or WebP by content, 10 MiB at most)"),
        params: adminCharacterIdParamSchema,
        response: { 201: adminMediaItemSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await uploads.galleryPhoto(staffActor(request), request.params.id, bodyOf(request.body))),
  );
};
