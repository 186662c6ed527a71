/**
 * Storage keys of a bundle's private files. A bundle video's sharp poster frame, shown to its
 * buyer as the still, lives beside the video; its key follows from the video's own (the media row
 * keeps the file and its blurred stand-ins only).
 */

/** The private poster of a bundle video: private/bundles/x/video-1.webm → private/bundles/x/video-1.poster.webp. */
export function privatePosterKeyOf(videoKey: string): string {
  if (!videoKey.startsWith("private/")) throw new Error(`not a private media key: ${videoKey}`);
  return `${videoKey.replace(/\.[a-z0-9]+$/i, "")}.poster.webp`;
}
