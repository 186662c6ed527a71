import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeEvents, useRealtimeReconnect } from "@/lib/realtime";
import { memoryQueryKey } from "../api/get-memory";
import { changesMemoryOf } from "../utils/memory-events";

/** Keeps the open panel's memory current: read again when the server says it may have changed. */
export function useMemoryRefresh(chat: { id: number; modelId: number }) {
  const queryClient = useQueryClient();

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: memoryQueryKey(chat.id) });
  }

  useRealtimeEvents((event) => {
    if (changesMemoryOf(event, chat)) refresh();
  });
  // events sent while the socket was away are lost
  useRealtimeReconnect(refresh);
}
