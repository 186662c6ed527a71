import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, noContent } from "@/lib/api-client";
import { customModelQueryOptions } from "./get-custom-model";
import { CUSTOM_MODELS_QUERY_KEY } from "./get-custom-models";

/** POST /api/custom/models/{id}/portrait — 202: the portrait is drawn again, announced by update_custom_image. */
export function redrawPortrait(id: number) {
  return api.post(`/api/custom/models/${id}/portrait`, noContent);
}

export function useRedrawPortrait(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => redrawPortrait(id),
    onSuccess: () => {
      queryClient.setQueryData(customModelQueryOptions(id).queryKey, (model) =>
        model ? { ...model, portrait_status: "pending" as const } : model,
      );
      void queryClient.invalidateQueries({ queryKey: [...CUSTOM_MODELS_QUERY_KEY, "list"] });
    },
  });
}
