import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeEvents, useRealtimeReconnect } from "@/lib/realtime";
import { CUSTOM_MODELS_QUERY_KEY } from "../api/get-custom-models";
import { portraitEventModelId } from "../utils/portrait-events";

/**
 * Keeps the user's characters in step with their portraits: a portrait drawn or redrawn asks the
 * shown lists and pages again (the server's answer says ready, with the new picture), and so does
 * a reconnect, since events sent while the socket was down are lost.
 */
export function usePortraitUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: CUSTOM_MODELS_QUERY_KEY });
  useRealtimeEvents((event) => {
    if (portraitEventModelId(event) !== null) refresh();
  });
  useRealtimeReconnect(refresh);
}
