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
          "{ statusCode, error, message }. Authenticated calls carry `Authorization: Bearer <token>`.",
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
        { name: "system", description: "Health and operations" },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
