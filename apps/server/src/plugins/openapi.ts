import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI generated from the routes' shared zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Reverie API",
        version,
        description:
          "The API of Reverie, an adults-only AI companion app. Errors always have the shape " +
          "{ statusCode, error, message }. Authenticated calls carry `Authorization: Bearer <token>`.\n\n" +
          "Realtime: open a websocket to `/ws/v2?token=<token>` (the same access token, in the query " +
          "parameter `token`). A missing or bad token (401) or another site's Origin (403) is refused " +
          "before the upgrade; frames over 64 KB close the socket. Send the text `ping` every 30 s; the " +
          "server answers `pong` and closes sockets silent for 90 s. Server frames are JSON with an " +
          "`action`: `add` and `update` (a chat message: chat_id, message_id, type — typing, " +
          "start_generation, text, image, private_image, private_video — text, image_url …), " +
          "`status_change` (chat_id, message_id, status_information: { status, data: { link } }), " +
          "`update_custom_image` (images_urls) and `custom_model_created` (id, model_id).",
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            description: "the token from sign-in (_accessToken)",
          },
        },
      },
      tags: [
        { name: "accounts", description: "Sign-up, sign-in, sessions and the user" },
        { name: "catalog", description: "Characters" },
        { name: "gallery", description: "Photos, videos, bundles and packs" },
        { name: "chats", description: "Conversations with characters" },
        { name: "payments", description: "Plans, tokens and purchases" },
        { name: "custom", description: "Your own characters, character cards and generated pictures" },
        { name: "config", description: "Feature flags and variants" },
        { name: "analytics", description: "First-party product analytics" },
        { name: "attribution", description: "Ad sub ids, leads and the advertising token" },
        { name: "system", description: "Health and operations" },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
