import { describe, expect, it } from "vitest";
import { portraitEventModelId } from "./portrait-events";

describe("portraitEventModelId", () => {
  it("knows the first portrait and a redraw", () => {
    expect(portraitEventModelId({ action: "custom_model_created", id: 3, model_id: 41 })).toBe(41);
    expect(
      portraitEventModelId({ action: "update_custom_image", model_id: 41, images_urls: ["/media/p.webp"] }),
    ).toBe(41);
  });

  it("leaves generated pictures and other events alone", () => {
    expect(
      portraitEventModelId({ action: "update_custom_image", model_id: 41, images_urls: [], request_id: 7 }),
    ).toBeNull();
    expect(
      portraitEventModelId({
        action: "status_change",
        message: {
          chat_id: 1,
          message_id: 2,
          type: "voice",
          status_information: { status: "ready", data: {} },
        },
      }),
    ).toBeNull();
  });
});
