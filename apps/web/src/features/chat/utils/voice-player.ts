import { mediaUrl } from "@/lib/media";

interface Playback {
  messageId: number;
  audio: HTMLAudioElement;
  onStop: () => void;
}

/**
 * Plays voice messages, one at a time (spec §4): starting one stops the other, whose `onStop`
 * runs so its button returns to the default state.
 */
export class VoicePlayer {
  readonly #createAudio: (src: string) => HTMLAudioElement;
  #current: Playback | null = null;

  constructor(createAudio: (src: string) => HTMLAudioElement = (src) => new Audio(src)) {
    this.#createAudio = createAudio;
  }

  get playingId(): number | null {
    return this.#current?.messageId ?? null;
  }

  play(messageId: number, link: string, onStop: () => void): void {
    this.stop();
    const audio = this.#createAudio(mediaUrl(link));
    const playback: Playback = { messageId, audio, onStop };
    this.#current = playback;
    const finish = () => {
      if (this.#current !== playback) return;
      this.#current = null;
      onStop();
    };
    audio.addEventListener("ended", finish);
    audio.addEventListener("error", () => {
      console.error(`Voice message ${messageId} could not be played.`);
      finish();
    });
    audio.play().catch((error: unknown) => {
      console.error("Playback was refused.", error);
      finish();
    });
  }

  stop(): void {
    const playback = this.#current;
    if (!playback) return;
    this.#current = null;
    playback.audio.pause();
    playback.onStop();
  }
}

export const voicePlayer = new VoicePlayer();
