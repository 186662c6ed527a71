import { describe, expect, it } from "vitest";
import { chatMediaFiles, isChatMediaKey, newChatMediaKey, previewKeyOf } from "./chat-media.ts";

describe("chat media keys", () => {
  it("names private files with a public blurred preview beside them", () => {
    const key = newChatMediaKey(12, { private: true, extension: "webm" });
    expect(key).toMatch(/^private\/chats\/12\/[\w-]+\.webm$/);
    expect(previewKeyOf(key)).toBe(key.replace(/^private\//, "public/").replace(/\.webm$/, ".preview.webp"));
  });

  it("lists a message's files for deletion: the file, and the preview of a private one", () => {
    const shared = newChatMediaKey(3, { private: false, extension: "webp" });
    const hidden = newChatMediaKey(3, { private: true, extension: "webp" });
    expect(chatMediaFiles(shared)).toEqual([shared]);
    expect(chatMediaFiles(hidden)).toEqual([hidden, previewKeyOf(hidden)]);
  });

  it("never lists catalog art, whatever a message row says", () => {
    expect(isChatMediaKey("public/characters/1/photo-1.webp")).toBe(false);
    expect(chatMediaFiles("private/bundles/2/video.webm")).toEqual([]);
    expect(chatMediaFiles("public/chats/../characters/1.webp")).toEqual([]);
  });
});
