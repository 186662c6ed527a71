import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type ImageStyle = "realistic" | "anime";

export interface ImagesRequest {
  model_id: number;
  user_prompt: string;
  count: number;
  style: ImageStyle;
}

/**
 * POST /api/custom/images — 202 with the request id, the balance after paying and the price of one
 * picture; the pictures follow on the socket (`update_custom_image` with that request id). 402
 * `insufficient_balance` when the tokens don't cover them, 422 `content_refused` for a prompt
 * moderation refused (nothing charged either way).
 */
export function requestImages(body: ImagesRequest) {
  return api.post("/api/custom/images", (contract) => contract.customImagesAcceptedSchema, { body });
}

export function useRequestImages() {
  return useMutation({ mutationFn: requestImages });
}
