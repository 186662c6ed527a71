import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveFile } from "@/lib/save-file";
import { type CardFormat, cardFileName } from "../utils/card-file-name";

/** GET /api/custom/models/{id}/card.png|card.json — the character as a V3 card, readable by other apps. */
export function getCard(id: number, format: CardFormat) {
  return api.blob(`/api/custom/models/${id}/card.${format}`);
}

/** Downloads the card with the Bearer token (a plain link would carry none) and saves it. */
export function useDownloadCard(id: number, name: string) {
  return useMutation({
    mutationFn: async (format: CardFormat) => {
      saveFile(await getCard(id, format), cardFileName(name, format));
    },
  });
}
