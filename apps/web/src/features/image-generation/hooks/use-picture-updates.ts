import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeEvents, useRealtimeReconnect } from "@/lib/realtime";
import { IMAGES_QUERY_KEY } from "../api/get-images";

/**
 * Keeps the user's picture lists current while the screen is open: a request's pictures arrive
 * with `update_custom_image`, and after the socket was down the lists are asked again for what it
 * missed.
 */
export function usePictureUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.action === "update_custom_image" && event.request_id !== undefined) {
      void queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY });
    }
  });
  useRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY }));
}
