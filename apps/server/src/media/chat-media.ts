import { randomUUID } from "node:crypto";

/**
 * Storage keys of pictures and videos characters send in chats. Names are random, so a public
 * picture cannot be found by guessing. A private file (`private/chats/…`) has a blurred public
 * preview whose key follows from its own (see previewKeyOf): the messages table keeps one key.
 */
export function newChatMediaKey(chatId: number, options: { private: boolean; extension: "webp" | "webm" }) {
  return `${options.private ? "private" : "public"}/chats/${chatId}/${randomUUID()}.${options.extension}`;
}

/** The public blurred preview of a private file: private/chats/1/x.webm → public/chats/1/x.preview.webp. */
export function previewKeyOf(privateKey: string): string {
  if (!privateKey.startsWith("private/")) throw new Error(`not a private media key: ${privateKey}`);
  return `public/${privateKey.slice("private/".length).replace(/\.[a-z0-9]+$/i, "")}.preview.webp`;
}

/** Whether a key names a file made for one chat (a picture, a video or its preview), never catalog art. */
export function isChatMediaKey(key: string): boolean {
  return /^(public|private)\/chats\/\d+\//.test(key);
}

/** Every file behind a chat message's media key: the file itself and, for a private one, its preview. */
export function chatMediaFiles(key: string): string[] {
  if (!isChatMediaKey(key)) return [];
  return key.startsWith("private/") ? [key, previewKeyOf(key)] : [key];
}
