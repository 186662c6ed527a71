import { RequestPhrases } from "./image-intents.ts";

/**
 * Recognises a chat message that asks the character for a voice message ("send me a voice note",
 * "can I hear your voice?"), read with the picture requests' pattern language (image-intents.ts):
 * whole words, a negation in the same clause ("don't send a voice message") cancels it. English,
 * and the languages the moderation lexicons read (Spanish, French, German, Portuguese, Italian).
 * A picture request is looked for first, so "an audio clip" stays a video.
 */

const DETERMINER = "a|an|another|one_more|some|your|a_new|new?";
const VOICE_NOUNS =
  "voice_message|voice_messages|voice_note|voice_notes|voice_memo|voice_msg|voice_recording|audio_message|audio_note|voicemail|voicenote|voice-note|audio";

export const VOICE_INTENT_PHRASES: readonly string[] = [
  // English
  `send|give|record|leave|text me|us? ${DETERMINER} * ${VOICE_NOUNS}`,
  `can|could|may|might i|we get|have ${DETERMINER} * ${VOICE_NOUNS}`,
  `i'd|i_would|i_want|i_need|i_wanna love|like? to? get|have ${DETERMINER} * ${VOICE_NOUNS}`,
  `can|could|may|might i|we hear your voice`,
  `i'd|i_would|i_want|i_wanna|i_need love|like? to? hear your voice`,
  `let me|us hear your voice`,
  `say|whisper it|that|something in|with a voice_message|voice_note|voice_memo|voice`,
  `voice_message|voice_note|voice_memo please|pls|plz`,
  // Spanish
  "envíame|enviame|mándame|mandame|envía|envia|manda|grábame|grabame un|una? audio|audio_de_voz|nota_de_voz|mensaje_de_voz",
  "me mandas|envías|envias|grabas un|una? audio|nota_de_voz|mensaje_de_voz",
  "quiero|quisiera|puedo|podría|podria escuchar|oír|oir tu voz",
  // French
  "envoie-moi|envoyez-moi|envoie|envoies|fais-moi|enregistre-moi un|une message_vocal|vocal|audio|note_vocale",
  "je veux|voudrais|peux entendre ta|votre voix",
  // German
  "schick|schicke|schickst|sende|send mir|uns eine|ne|'ne? sprachnachricht|sprachnachrichten|sprachmemo|audio|audionachricht",
  "ich will|möchte|moechte|würde|wuerde deine|ihre stimme hören|hoeren",
  "kann|darf ich deine|ihre stimme hören|hoeren",
  // Portuguese
  "me manda|envia|mande|envie um|uma áudio|audio|mensagem_de_voz|recado_de_voz|nota_de_voz",
  "manda-me|envia-me|mande-me|envie-me um|uma áudio|audio|mensagem_de_voz|nota_de_voz",
  "quero|queria|posso ouvir|escutar a? tua|sua voz",
  // Italian
  "mandami|inviami|registrami|manda|invia un|una audio|vocale|messaggio_vocale|nota_vocale",
  "voglio|vorrei|posso sentire|ascoltare la tua voce",
];

/** "Don't", "no", "never" and their like in the languages above, before a request in its clause. */
const NEGATION =
  /(?<![\p{L}\p{N}'])(don't|dont|do not|never|not|no|stop|quit|without|didn't|did not|doesn't|nunca|jamás|jamas|ne|pas|jamais|nicht|kein|keine|keinen|nie|não|nao|non|mai)(?![\p{L}\p{N}'])/iu;

export class VoiceIntents {
  readonly #phrases = new RequestPhrases(VOICE_INTENT_PHRASES, NEGATION);

  /** Whether the message asks the character for a voice message. */
  detect(text: string): boolean {
    return this.#phrases.firstMatch(text) !== null;
  }
}
