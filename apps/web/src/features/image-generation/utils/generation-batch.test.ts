import type { GeneratedImage } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import {
  acceptBatch,
  applyImageEvent,
  arrivedCount,
  batchStatus,
  type GenerationBatch,
  isInProgress,
  reconcileWithPictures,
  startBatch,
} from "./generation-batch";

function picture(id: number, overrides: Partial<GeneratedImage> = {}): GeneratedImage {
  return {
    id,
    model_id: 3,
    url: `/media/private/pictures/${id}.webp?sig=list-${id}`,
    thumbnail_url: `/media/private/pictures/${id}-thumb.webp?sig=list-${id}`,
    prompt: "at the beach",
    style: "realistic",
    created_at: `2026-01-01T00:00:${String(id).padStart(2, "0")}.000Z`,
    ...overrides,
  };
}

function link(id: number, signature = `event-${id}`): string {
  return `/media/private/pictures/${id}.webp?sig=${signature}`;
}

function accepted(count: number, knownImages: GeneratedImage[] | undefined = []): GenerationBatch {
  return acceptBatch(startBatch({ modelId: 3, count, knownImages }), 40);
}

describe("startBatch", () => {
  it("has a placeholder per picture and is sending until the server answers", () => {
    const batch = startBatch({ modelId: 3, count: 3, knownImages: [picture(1)] });
    expect(batch.slots).toEqual([null, null, null]);
    expect(batchStatus(batch)).toBe("sending");
    expect(isInProgress(batch)).toBe(true);
    expect(batch.knownImageIds).toEqual(new Set([1]));
  });

  it("knows no earlier pictures when the list was not loaded", () => {
    expect(startBatch({ modelId: 3, count: 1, knownImages: undefined }).knownImageIds).toBeNull();
  });
});

describe("applyImageEvent", () => {
  it("fills the placeholders in order as the request's pictures arrive", () => {
    let batch = accepted(3);
    expect(batchStatus(batch)).toBe("generating");
    batch = applyImageEvent(batch, { model_id: 3, request_id: 40, images_urls: [link(1)] });
    expect(batch.slots).toEqual([{ url: link(1), imageId: null }, null, null]);
    expect(arrivedCount(batch)).toBe(1);
    batch = applyImageEvent(batch, { model_id: 3, request_id: 40, images_urls: [link(2), link(3)] });
    expect(batch.slots.map((slot) => slot?.url)).toEqual([link(1), link(2), link(3)]);
    expect(batchStatus(batch)).toBe("done");
    expect(isInProgress(batch)).toBe(false);
  });

  it("does not show a picture twice when an event repeats it, even signed afresh", () => {
    let batch = applyImageEvent(accepted(2), { model_id: 3, request_id: 40, images_urls: [link(1)] });
    batch = applyImageEvent(batch, { model_id: 3, request_id: 40, images_urls: [link(1, "again"), link(2)] });
    expect(batch.slots.map((slot) => slot?.url)).toEqual([link(1), link(2)]);
  });

  it("ignores more pictures than were asked for", () => {
    const batch = applyImageEvent(accepted(1), {
      model_id: 3,
      request_id: 40,
      images_urls: [link(1), link(2)],
    });
    expect(batch.slots.map((slot) => slot?.url)).toEqual([link(1)]);
  });

  it("leaves other requests' pictures and portraits alone", () => {
    const batch = accepted(2);
    expect(applyImageEvent(batch, { model_id: 3, request_id: 41, images_urls: [link(1)] })).toBe(batch);
    expect(applyImageEvent(batch, { model_id: 3, images_urls: [link(1)] })).toBe(batch);
  });

  it("keeps the pictures made before a failure, with the server's reason", () => {
    const batch = applyImageEvent(accepted(3), {
      model_id: 3,
      request_id: 40,
      images_urls: [link(1)],
      error: "The picture could not be made. Your tokens were refunded.",
    });
    expect(batch.slots.map((slot) => slot?.url ?? null)).toEqual([link(1), null, null]);
    expect(batchStatus(batch)).toBe("failed");
    expect(batch.error).toBe("The picture could not be made. Your tokens were refunded.");
    expect(isInProgress(batch)).toBe(false);
  });

  it("is done, not failed, when every picture arrived", () => {
    const batch = applyImageEvent(accepted(1), {
      model_id: 3,
      request_id: 40,
      images_urls: [link(1)],
      error: "late",
    });
    expect(batchStatus(batch)).toBe("done");
  });
});

describe("acceptBatch", () => {
  it("applies the events of its request that arrived before the answer", () => {
    let batch = startBatch({ modelId: 3, count: 2, knownImages: [] });
    batch = applyImageEvent(batch, { model_id: 3, request_id: 40, images_urls: [link(1)] });
    batch = applyImageEvent(batch, { model_id: 3, request_id: 39, images_urls: [link(9)] });
    batch = applyImageEvent(batch, { model_id: 5, request_id: 40, images_urls: [link(8)] });
    expect(batch.slots).toEqual([null, null]);
    batch = acceptBatch(batch, 40);
    expect(batch.requestId).toBe(40);
    expect(batch.early).toEqual([]);
    expect(batch.slots.map((slot) => slot?.url ?? null)).toEqual([link(1), null]);
  });
});

describe("batchStatus", () => {
  it("is stalled when nothing arrived for long, and Generate is free again", () => {
    const batch = { ...accepted(2), stalled: true };
    expect(batchStatus(batch)).toBe("stalled");
    expect(isInProgress(batch)).toBe(false);
  });

  it("is not in progress without a batch", () => {
    expect(isInProgress(null)).toBe(false);
  });
});

describe("reconcileWithPictures", () => {
  it("gives arrived pictures the ids of the listed ones with the same link", () => {
    const batch = applyImageEvent(accepted(2, [picture(1)]), {
      model_id: 3,
      request_id: 40,
      images_urls: [link(2)],
    });
    const shown = reconcileWithPictures(batch, [picture(2), picture(1)]);
    expect(shown.slots).toEqual([{ url: link(2), imageId: 2 }, null]);
  });

  it("fills placeholders with new listed pictures the socket missed, oldest first", () => {
    const batch = accepted(3, [picture(1)]);
    const shown = reconcileWithPictures(batch, [picture(3), picture(2), picture(1)]);
    expect(shown.slots).toEqual([
      { url: picture(2).url, imageId: 2 },
      { url: picture(3).url, imageId: 3 },
      null,
    ]);
  });

  it("does not take other characters' pictures or the ones listed before", () => {
    const batch = accepted(2, [picture(1)]);
    const shown = reconcileWithPictures(batch, [picture(4, { model_id: 9 }), picture(1)]);
    expect(shown.slots).toEqual([null, null]);
  });

  it("replaces an arrived picture no link matched by the listed one, so none shows twice", () => {
    const batch = applyImageEvent(accepted(2, []), {
      model_id: 3,
      request_id: 40,
      images_urls: ["/media/elsewhere/a.webp"],
    });
    const shown = reconcileWithPictures(batch, [picture(5)]);
    expect(shown.slots).toEqual([{ url: picture(5).url, imageId: 5 }, null]);
  });

  it("only attaches ids when the pictures before the batch are not known", () => {
    const unlisted = acceptBatch(startBatch({ modelId: 3, count: 2, knownImages: undefined }), 40);
    const batch = applyImageEvent(unlisted, {
      model_id: 3,
      request_id: 40,
      images_urls: [link(2)],
    });
    const shown = reconcileWithPictures(batch, [picture(3), picture(2)]);
    expect(shown.slots).toEqual([{ url: link(2), imageId: 2 }, null]);
  });
});
