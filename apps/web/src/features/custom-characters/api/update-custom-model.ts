import type { CustomModel } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { CustomModelUpdate } from "../utils/build-payload";
import { LOOK_TRAITS } from "../utils/trait-options";
import { customModelQueryOptions } from "./get-custom-model";
import { CUSTOM_MODELS_QUERY_KEY } from "./get-custom-models";

/** PATCH /api/custom/models/{id} — the fields that changed; a changed look redraws the portrait. */
export function updateCustomModel(id: number, update: CustomModelUpdate) {
  return api.patch(`/api/custom/models/${id}`, (contract) => contract.customModelSchema, { body: update });
}

/** Whether an edit changes how the character looks, so the portrait is drawn again. */
export function changesLook(update: CustomModelUpdate): boolean {
  return LOOK_TRAITS.some((key) => key in update);
}

export function useUpdateCustomModel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: CustomModelUpdate) => updateCustomModel(id, update),
    onSuccess: (model, update) => {
      // the redraw is announced by update_custom_image; until then the portrait shows as pending
      const shown: CustomModel = changesLook(update) ? { ...model, portrait_status: "pending" } : model;
      queryClient.setQueryData(customModelQueryOptions(id).queryKey, shown);
      void queryClient.invalidateQueries({ queryKey: [...CUSTOM_MODELS_QUERY_KEY, "list"] });
    },
  });
}
