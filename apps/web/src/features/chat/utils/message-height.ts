import type { ChatMessage } from "./conversation";

const MEDIA_TYPES = new Set(["image", "private_image", "private_video"]);

/** A bubble's padding plus the time line under it, in px. */
const CHROME_PX = 48;
/** One line of message text (15 px, relaxed leading). */
const LINE_PX = 25;
/** Characters on a line of a bubble at a phone's width. */
const CHARS_PER_LINE = 34;
/** A photo or video: 256 px wide, 3:4. */
const MEDIA_PX = 342;

/**
 * A message's height before it is measured, for the virtual list: close enough that rows placed by
 * it move little once measured. Text is counted in lines at a phone's width; media have a fixed frame.
 */
export function estimateMessageHeight(message: Pick<ChatMessage, "type" | "text">): number {
  const media = MEDIA_TYPES.has(message.type);
  const text = message.text.trim();
  if (media && text === "") return MEDIA_PX + 24;
  const lines = text
    .split("\n")
    .reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE)), 0);
  return (media ? MEDIA_PX + 6 : 0) + CHROME_PX + lines * LINE_PX;
}
