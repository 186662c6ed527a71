import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveFile } from "@/lib/save-file";
import { downloadFileName } from "../utils/download-file-name";

/**
 * GET /api/custom/images/:id/download — the picture's file, fetched with the Bearer token (the
 * browser can't add it to a plain link), then saved under a name of its own.
 */
export async function downloadImage(id: number) {
  const file = await api.blob(`/api/custom/images/${id}/download`);
  saveFile(file, downloadFileName(id, file.type));
}

export function useDownloadImage() {
  return useMutation({ mutationFn: downloadImage });
}
