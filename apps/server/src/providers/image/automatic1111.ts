import type { ComponentStatus } from "../../lib/health-check.ts";
import { hashSeed } from "../../lib/seeded-random.ts";
import { describeError, describeUrl } from "../upstream-http.ts";
import { decodeBase64Image, requestJson } from "./http.ts";
import { buildImagePrompt } from "./prompt.ts";
import type { GeneratedImage, ImageProvider, ImageRequest } from "./types.ts";

export interface Automatic1111Options {
  /** Where the web UI runs with `--api`: "http://127.0.0.1:7860". */
  baseUrl: string;
  /** "user:password" for `--api-auth` (sent as Basic), anything else as a Bearer token. */
  apiKey?: string | undefined;
  /** A checkpoint to use instead of the one loaded ("sd_model_checkpoint"). */
  model?: string | undefined;
  /** Fixed output size; by default the requested aspect with the long side at 768 px. */
  size?: { width: number; height: number } | undefined;
  steps?: number;
  timeoutMs?: number;
}

const DEFAULT_STEPS = 24;
const DEFAULT_TIMEOUT_MS = 180_000;
const CHECK_TIMEOUT_MS = 10_000;
const LONG_SIDE = 768;

/** The requested aspect at a size Stable Diffusion draws well: long side 768, multiples of 64. */
export function stableDiffusionSize(width: number, height: number): { width: number; height: number } {
  const scale = LONG_SIDE / Math.max(width, height);
  const snap = (value: number) => Math.max(256, Math.round((value * scale) / 64) * 64);
  return { width: snap(width), height: snap(height) };
}

/** AUTOMATIC1111's Stable Diffusion web UI, or Forge, through its API (`/sdapi/v1/txt2img`). */
export class Automatic1111Provider implements ImageProvider {
  readonly name = "automatic1111";
  readonly medium = "photographs";
  readonly #baseUrl: string;
  readonly #headers: Record<string, string>;
  readonly #model: string | undefined;
  readonly #size: { width: number; height: number } | undefined;
  readonly #steps: number;
  readonly #timeoutMs: number;
  readonly #where: string;

  constructor(options: Automatic1111Options) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, "");
    const key = options.apiKey?.trim();
    this.#headers = !key
      ? {}
      : {
          authorization: key.includes(":") ? `Basic ${Buffer.from(key).toString("base64")}` : `Bearer ${key}`,
        };
    this.#model = options.model?.trim() || undefined;
    this.#size = options.size;
    this.#steps = options.steps ?? DEFAULT_STEPS;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#where = describeUrl(this.#baseUrl, "the image server");
  }

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    const { prompt, negativePrompt } = buildImagePrompt(request);
    const size = this.#size ?? stableDiffusionSize(request.width, request.height);
    const body: Record<string, unknown> = {
      prompt,
      negative_prompt: negativePrompt,
      width: size.width,
      height: size.height,
      steps: this.#steps,
      seed: hashSeed(request.seed),
      cfg_scale: 6,
      batch_size: 1,
      n_iter: 1,
      send_images: true,
      save_images: false,
    };
    if (this.#model) {
      body.override_settings = { sd_model_checkpoint: this.#model };
      body.override_settings_restore_afterwards = true;
    }
    const answer = await requestJson(`${this.#baseUrl}/sdapi/v1/txt2img`, {
      method: "POST",
      headers: this.#headers,
      body,
      timeoutMs: this.#timeoutMs,
      signal: request.signal,
      where: this.#where,
    });
    const images = (answer as { images?: unknown } | null)?.images;
    return decodeBase64Image(Array.isArray(images) ? images[0] : undefined, this.#where);
  }

  /** Reads the options: ok when the API answers; names the loaded checkpoint. */
  async check(): Promise<ComponentStatus> {
    const detail = `automatic1111 ${this.#where}`;
    try {
      const options = (await requestJson(`${this.#baseUrl}/sdapi/v1/options`, {
        method: "GET",
        headers: this.#headers,
        timeoutMs: Math.min(this.#timeoutMs, CHECK_TIMEOUT_MS),
        where: this.#where,
      })) as { sd_model_checkpoint?: unknown } | null;
      const loaded = typeof options?.sd_model_checkpoint === "string" ? options.sd_model_checkpoint : null;
      const model = this.#model ?? loaded;
      return { status: "ok", detail: model ? `${detail}, model ${model}` : detail };
    } catch (error) {
      return { status: "degraded", detail: `${detail}: ${describeError(error)}` };
    }
  }
}
