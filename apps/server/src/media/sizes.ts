/**
 * The sizes media are made in, and how videos move: shared by the seeded catalog and the pictures
 * and videos sent in chats, so both look alike.
 */

export const SIZES = {
  avatar: { width: 512, height: 512 },
  cover: { width: 720, height: 960 },
  photo: { width: 720, height: 960 },
  thumbnail: { width: 360, height: 480 },
  lockedPreview: { width: 360, height: 480 },
  lockedThumbnail: { width: 180, height: 240 },
  video: { width: 432, height: 576 },
} as const;

export const VIDEO = {
  fps: 8,
  freeSeconds: 5,
  bundleSeconds: 4,
  /** the still a video moves over is this much larger than the frame */
  stillScale: 1.3,
} as const;

const even = (value: number): number => Math.round(value / 2) * 2;

/** The still a video of this frame size moves over: larger by VIDEO.stillScale, even sides. */
export function videoStillSize(frame: { width: number; height: number }): { width: number; height: number } {
  return { width: even(frame.width * VIDEO.stillScale), height: even(frame.height * VIDEO.stillScale) };
}
