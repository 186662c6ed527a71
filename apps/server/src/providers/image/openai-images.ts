import type { ComponentStatus } from "../../lib/health-check.ts";
import { apiRoot, bearerHeader, describeUrl, modelsListStatus } from "../upstream-http.ts";
import { decodeBase64Image, requestJson } from "./http.ts";
import { buildImagePrompt } from "./prompt.ts";
import type { GeneratedImage, ImageProvider, ImageRequest } from "./types.ts";

export interface OpenAiImagesOptions {
  /** The API root, "https://api.openai.com/v1"; a bare host ("http://127.0.0.1:8080") gets /v1. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string | undefined;
  model: string;
  /** One of the sizes the model offers; default 1024x1024, which every model has. */
  size?: { width: number; height: number } | undefined;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 180_000;
const CHECK_TIMEOUT_MS = 10_000;

/** Image models have no negative prompt: the limits are said in words. */
const SAFETY_SENTENCE =
  "The person is an adult and fully clothed; the picture is safe for work, with no nudity and no text.";

/**
 * Any server speaking OpenAI's images API (`/v1/images/generations`): OpenAI, LocalAI and other
 * compatible servers. Failures become ImageProviderErrors: 4xx other than 408/425/429 are final.
 */
export class OpenAiImagesProvider implements ImageProvider {
  readonly name = "openai-images";
  readonly medium = "photographs";
  readonly #root: string;
  readonly #headers: Record<string, string>;
  readonly #model: string;
  readonly #size: string;
  readonly #timeoutMs: number;
  readonly #where: string;

  constructor(options: OpenAiImagesOptions) {
    this.#root = apiRoot(options.baseUrl);
    this.#headers = bearerHeader(options.apiKey);
    this.#model = options.model;
    this.#size = options.size ? `${options.size.width}x${options.size.height}` : "1024x1024";
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#where = describeUrl(this.#root, "the image server");
  }

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    const { prompt } = buildImagePrompt(request);
    const answer = await requestJson(`${this.#root}/images/generations`, {
      method: "POST",
      headers: this.#headers,
      body: {
        model: this.#model,
        prompt: `${prompt}. ${SAFETY_SENTENCE}`,
        n: 1,
        size: this.#size,
        response_format: "b64_json",
      },
      timeoutMs: this.#timeoutMs,
      signal: request.signal,
      where: this.#where,
    });
    const data = (answer as { data?: unknown } | null)?.data;
    const first = Array.isArray(data) ? (data[0] as { b64_json?: unknown } | undefined) : undefined;
    return decodeBase64Image(first?.b64_json, this.#where);
  }

  /** Lists the server's models: ok when it answers. */
  async check(): Promise<ComponentStatus> {
    return modelsListStatus(this.#root, {
      headers: this.#headers,
      timeoutMs: Math.min(this.#timeoutMs, CHECK_TIMEOUT_MS),
      where: this.#where,
      detail: `openai-compatible images ${this.#where}, model ${this.#model}`,
    });
  }
}
