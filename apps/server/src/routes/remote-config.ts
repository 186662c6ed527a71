import { type RemoteConfig, remoteConfigSchema } from "@reverie/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOG_CACHE } from "../http-cache/policy.ts";

export const remoteConfigRoutes: FastifyPluginAsyncZod<{ remoteConfig: RemoteConfig }> = async (
  app,
  { remoteConfig },
) => {
  app.get(
    "/config",
    {
      // set by the environment, so it changes only with a restart; a minute bounds how long that takes to reach everyone
      config: { publicCache: CATALOG_CACHE },
      schema: {
        tags: ["config"],
        summary: "Feature flags and variants the web app reads at start",
        response: { 200: remoteConfigSchema },
      },
    },
    async () => remoteConfig,
  );
};
