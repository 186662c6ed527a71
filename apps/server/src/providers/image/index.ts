import type { HealthCheck } from "../../lib/health-check.ts";
import { Automatic1111Provider } from "./automatic1111.ts";
import { OpenAiImagesProvider } from "./openai-images.ts";
import { ProceduralImageProvider } from "./procedural-provider.ts";
import type { ImageProvider } from "./types.ts";

export interface ImageConfig {
  /** IMAGE_PROVIDER */
  provider: "procedural" | "automatic1111" | "openai";
  /** IMAGE_BASE_URL: required by the remote providers */
  baseUrl?: string | undefined;
  /** IMAGE_API_KEY */
  apiKey?: string | undefined;
  /** IMAGE_MODEL: the model (openai, required) or checkpoint (automatic1111, optional) */
  model?: string | undefined;
  /** IMAGE_SIZE: "WIDTHxHEIGHT" asked of a remote provider */
  size?: { width: number; height: number } | undefined;
}

/** The configured image provider; the offline procedural renderer unless another is chosen. */
export function createImageProvider(config: ImageConfig): ImageProvider {
  if (config.provider === "procedural") return new ProceduralImageProvider();
  const baseUrl = config.baseUrl?.trim();
  if (!baseUrl) {
    throw new Error(
      `IMAGE_BASE_URL is required with IMAGE_PROVIDER=${config.provider} (e.g. ${
        config.provider === "openai" ? "https://api.openai.com/v1" : "http://127.0.0.1:7860"
      })`,
    );
  }
  if (config.provider === "automatic1111") {
    return new Automatic1111Provider({
      baseUrl,
      apiKey: config.apiKey,
      model: config.model,
      size: config.size,
    });
  }
  const model = config.model?.trim();
  if (!model) {
    throw new Error("IMAGE_MODEL is required with IMAGE_PROVIDER=openai: name the model (e.g. dall-e-3)");
  }
  return new OpenAiImagesProvider({ baseUrl, apiKey: config.apiKey, model, size: config.size });
}

/** The "image" entry of the health report's providers. */
export function imageHealthCheck(provider: ImageProvider): HealthCheck {
  return { name: "image", check: () => provider.check() };
}

export { Automatic1111Provider, stableDiffusionSize } from "./automatic1111.ts";
export { OpenAiImagesProvider } from "./openai-images.ts";
export { ProceduralImageProvider } from "./procedural-provider.ts";
export { buildImagePrompt, pictureScene, SAFETY_NEGATIVE_PROMPT } from "./prompt.ts";
export {
  type GeneratedImage,
  type ImageMedium,
  type ImageProvider,
  ImageProviderError,
  type ImageRequest,
} from "./types.ts";
