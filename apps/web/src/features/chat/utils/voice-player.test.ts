import { describe, expect, it, vi } from "vitest";
import { VoicePlayer } from "./voice-player";

class FakeAudio extends EventTarget {
  paused = true;
  readonly src: string;
  constructor(src: string) {
    super();
    this.src = src;
  }
  play() {
    this.paused = false;
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
}

function setup() {
  const audios: FakeAudio[] = [];
  const player = new VoicePlayer((src) => {
    const audio = new FakeAudio(src);
    audios.push(audio);
    return audio as unknown as HTMLAudioElement;
  });
  return { player, audios };
}

describe("VoicePlayer", () => {
  it("plays one voice at a time: starting another stops the first", () => {
    const { player, audios } = setup();
    const stoppedFirst = vi.fn();
    player.play(1, "/media/voice/a.wav", stoppedFirst);
    expect(player.playingId).toBe(1);
    expect(audios[0]?.paused).toBe(false);
    player.play(2, "/media/voice/b.wav", () => {});
    expect(audios[0]?.paused).toBe(true);
    expect(stoppedFirst).toHaveBeenCalledOnce();
    expect(player.playingId).toBe(2);
  });

  it("reports the end of playback once", () => {
    const { player, audios } = setup();
    const stopped = vi.fn();
    player.play(1, "/media/voice/a.wav", stopped);
    audios[0]?.dispatchEvent(new Event("ended"));
    expect(stopped).toHaveBeenCalledOnce();
    expect(player.playingId).toBeNull();
    player.stop();
    expect(stopped).toHaveBeenCalledOnce();
  });
});
