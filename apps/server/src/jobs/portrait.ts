import type { JobHandler } from "../queue/job-queue.ts";
import type { PortraitJob, PortraitPainter } from "../services/custom-characters/portrait-painter.ts";

/**
 * Draws a custom character's portrait from its traits (the configured image provider; the
 * procedural renderer by default), stores the avatar and cover, and tells the owner:
 * `custom_model_created` for a new character, `update_custom_image` for a redraw. After the last
 * failed attempt the character is marked `failed`; it stays, and so does what it was paid.
 */
export function portraitJobHandler(painter: PortraitPainter): JobHandler<PortraitJob> {
  return {
    maxAttempts: 3,
    run: (job) => painter.draw(job),
    onFailed: (job) => painter.failed(job),
  };
}
