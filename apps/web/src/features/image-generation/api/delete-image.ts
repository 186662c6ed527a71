import type { GeneratedImage } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, noContent } from "@/lib/api-client";
import { IMAGES_QUERY_KEY } from "./get-images";

/** DELETE /api/custom/images/:id — 204; the picture and its files are gone. */
export function deleteImage(id: number) {
  return api.delete(`/api/custom/images/${id}`, noContent);
}

export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<{ items: GeneratedImage[] }>({ queryKey: IMAGES_QUERY_KEY }, (list) =>
        list ? { items: list.items.filter((item) => item.id !== id) } : list,
      );
    },
  });
}
