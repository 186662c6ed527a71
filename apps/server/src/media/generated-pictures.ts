import { randomUUID } from "node:crypto";

/**
 * Storage keys of a picture made on /generate_image and its thumbnail. Both are private (served
 * to signed links only: a generated picture is its owner's alone), grouped by the request that
 * made them, with random names.
 */
export function newGeneratedPictureKeys(requestId: number): { file: string; thumbnail: string } {
  const name = randomUUID();
  const folder = `private/generated/${requestId}`;
  return { file: `${folder}/${name}.webp`, thumbnail: `${folder}/${name}.thumbnail.webp` };
}

/** Every file behind a generated picture's media row. */
export function generatedPictureFiles(row: { file_key: string; thumbnail_key: string }): string[] {
  return [...new Set([row.file_key, row.thumbnail_key])];
}
