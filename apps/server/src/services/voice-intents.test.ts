import { describe, expect, it } from "vitest";
import { VoiceIntents } from "./voice-intents.ts";

const intents = new VoiceIntents();

describe("voice requests", () => {
  it.each([
    "send me a voice message",
    "Send me a voice note please!",
    "can you send me a quick voice message?",
    "could I get a voice note from you",
    "I'd love to hear your voice",
    "can I hear your voice?",
    "let me hear your voice",
    "leave me a voicemail",
    "say it in a voice message",
    "voice message please",
    "text me an audio message tonight",
    "envíame un audio",
    "¿me mandas una nota de voz?",
    "quiero escuchar tu voz",
    "envoie-moi un message vocal",
    "je veux entendre ta voix",
    "schick mir eine Sprachnachricht",
    "ich möchte deine Stimme hören",
    "me manda um áudio",
    "quero ouvir a tua voz",
    "mandami un vocale",
    "vorrei sentire la tua voce",
  ])("asks for a voice message: %s", (text) => {
    expect(intents.detect(text)).toBe(true);
  });

  it.each([
    "don't send a voice message",
    "please never send me voice notes",
    "I left you a voicemail yesterday",
    "your voice sounds lovely in my head",
    "I can hear your voice when I read this",
    "no me mandes un audio",
    "ne m'envoie pas de message vocal",
    "schick mir keine Sprachnachricht",
    "non mandarmi un vocale",
    "send me a photo",
    "audiophile gear is expensive", // whole words only
  ])("is not a voice request: %s", (text) => {
    expect(intents.detect(text)).toBe(false);
  });
});
