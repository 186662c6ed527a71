import type { GeneratedImage } from "@reverie/shared";

/** A picture of the batch once it has arrived; `imageId` once the user's picture list names it. */
export interface PictureSlot {
  url: string;
  imageId: number | null;
}

/** The socket's `update_custom_image`, as far as a batch reads it. */
export interface ImageEvent {
  model_id: number;
  images_urls: string[];
  request_id?: number;
  error?: string;
}

/** The pictures of one Generate press: a placeholder per picture, filled as they arrive. */
export interface GenerationBatch {
  modelId: number;
  count: number;
  /** null until POST /api/custom/images answers */
  requestId: number | null;
  /** one per picture asked for, null until it arrives */
  slots: Array<PictureSlot | null>;
  /** events that came with a request id before the answer named ours (a fast job beats the 202) */
  early: ImageEvent[];
  /**
   * the ids of this character's pictures listed before asking, so the list's new ones are this
   * batch's (for pictures whose event was missed while the socket was down); null if not listed then
   */
  knownImageIds: ReadonlySet<number> | null;
  /** the server's reason when the request failed for good (the pictures not made were refunded) */
  error: string | null;
  /** nothing arrived for long: the socket may have missed it */
  stalled: boolean;
}

export type BatchStatus = "sending" | "generating" | "stalled" | "failed" | "done";

export function startBatch(options: {
  modelId: number;
  count: number;
  knownImages: GeneratedImage[] | undefined;
}): GenerationBatch {
  return {
    modelId: options.modelId,
    count: options.count,
    requestId: null,
    slots: Array.from({ length: options.count }, () => null),
    early: [],
    knownImageIds: options.knownImages ? new Set(options.knownImages.map((image) => image.id)) : null,
    error: null,
    stalled: false,
  };
}

/** A signed link without its signature, which differs between the event and the list. */
function linkPath(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? url;
}

function fillSlots(batch: GenerationBatch, event: ImageEvent): GenerationBatch {
  const slots = [...batch.slots];
  const present = new Set(slots.flatMap((slot) => (slot ? [linkPath(slot.url)] : [])));
  for (const url of event.images_urls) {
    if (present.has(linkPath(url))) continue;
    const empty = slots.indexOf(null);
    if (empty === -1) break;
    slots[empty] = { url, imageId: null };
    present.add(linkPath(url));
  }
  return { ...batch, slots, error: event.error ?? batch.error };
}

/**
 * The batch after a socket event: its own request's pictures fill the next placeholders (a link
 * already shown is not shown twice) and its error is kept. Before the 202 named the request, events
 * for this character wait in `early`. A portrait's event (no request id) and other requests' pass by.
 */
export function applyImageEvent(batch: GenerationBatch, event: ImageEvent): GenerationBatch {
  if (event.request_id === undefined) return batch;
  if (batch.requestId === null) {
    return event.model_id === batch.modelId ? { ...batch, early: [...batch.early, event] } : batch;
  }
  if (event.request_id !== batch.requestId) return batch;
  return fillSlots(batch, event);
}

/** The batch once POST /api/custom/images answered with its request id; early events of it apply. */
export function acceptBatch(batch: GenerationBatch, requestId: number): GenerationBatch {
  const accepted: GenerationBatch = { ...batch, requestId, early: [] };
  return batch.early.reduce(applyImageEvent, accepted);
}

/**
 * The batch as the user's picture list shows it: arrived pictures get their ids (to download or
 * delete them), and pictures of this character new since the batch started fill what the socket
 * missed, oldest first. A listed picture whose link differs from the event's replaces, in order,
 * the arrived pictures no link matched (the job makes them in order), so none shows twice.
 */
export function reconcileWithPictures(batch: GenerationBatch, pictures: GeneratedImage[]): GenerationBatch {
  const byPath = new Map(pictures.map((picture) => [linkPath(picture.url), picture]));
  const slots = batch.slots.map((slot) => {
    if (!slot || slot.imageId !== null) return slot;
    const listed = byPath.get(linkPath(slot.url));
    return listed ? { url: slot.url, imageId: listed.id } : slot;
  });
  const known = batch.knownImageIds;
  if (known) {
    const shown = new Set(slots.flatMap((slot) => (slot?.imageId != null ? [slot.imageId] : [])));
    const fresh = pictures
      .filter(
        (picture) => picture.model_id === batch.modelId && !known.has(picture.id) && !shown.has(picture.id),
      )
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
    const unmatched = slots.flatMap((slot, index) => (slot && slot.imageId === null ? [index] : []));
    const empty = slots.flatMap((slot, index) => (slot ? [] : [index]));
    for (const index of [...unmatched, ...empty]) {
      const picture = fresh.shift();
      if (!picture) break;
      slots[index] = { url: picture.url, imageId: picture.id };
    }
  }
  return { ...batch, slots };
}

export function arrivedCount(batch: GenerationBatch): number {
  return batch.slots.filter((slot) => slot !== null).length;
}

export function batchStatus(batch: GenerationBatch): BatchStatus {
  if (batch.requestId === null) return "sending";
  if (arrivedCount(batch) === batch.count) return "done";
  if (batch.error !== null) return "failed";
  if (batch.stalled) return "stalled";
  return "generating";
}

/** Whether Generate waits for this batch (the spec's "generation in progress"). */
export function isInProgress(batch: GenerationBatch | null): boolean {
  if (!batch) return false;
  const status = batchStatus(batch);
  return status === "sending" || status === "generating";
}
