const EXTENSIONS: Record<string, string> = {
  "image/webp": "webp",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/avif": "avif",
};

/** The name a downloaded picture is saved under, e.g. `reverie-picture-42.webp`. */
export function downloadFileName(imageId: number, mimeType: string): string {
  const type = mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  return `reverie-picture-${imageId}.${EXTENSIONS[type] ?? "jpg"}`;
}
