import type { SocketEvent } from "@reverie/shared";

/**
 * The character whose portrait an event brings: `custom_model_created` (the first one is ready)
 * or an `update_custom_image` without a request (a redraw; with one, it answers /generate_image).
 */
export function portraitEventModelId(event: SocketEvent): number | null {
  if (event.action === "custom_model_created") return event.model_id;
  if (event.action === "update_custom_image" && event.request_id === undefined) return event.model_id;
  return null;
}
