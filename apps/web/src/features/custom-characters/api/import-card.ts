import type { Gender } from "@reverie/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { CardContentType } from "../utils/card-file";
import { applyCreatedCharacter } from "./create-custom-model";

export interface CardImport {
  file: Blob;
  contentType: CardContentType;
  /** cards carry no age: the user states one, 18 or more */
  age: number;
  gender: Gender;
}

/**
 * POST /api/custom/cards?age&gender — the card (PNG or JSON) as the raw body; 201 `{model_id,
 * current_tokens}`. A bad file is a 4xx that says what is wrong, and nothing is stored. The file's
 * name goes along in Content-Disposition, for a card that has none of its own.
 */
export function importCard({ file, contentType, age, gender }: CardImport) {
  // a card without a name is named after its file (the server reads Content-Disposition)
  const fileName = file instanceof File && file.name ? file.name : undefined;
  return api.post("/api/custom/cards", (contract) => contract.customModelCreatedSchema, {
    params: { age, gender },
    body: file,
    headers: {
      "Content-Type": contentType,
      ...(fileName
        ? { "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}` }
        : {}),
    },
  });
}

export function useImportCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCard,
    onSuccess: ({ current_tokens }) => applyCreatedCharacter(queryClient, current_tokens),
  });
}
