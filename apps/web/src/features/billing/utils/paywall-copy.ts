import { PAYWALL_SOURCES, VOICE_MESSAGE_PRICE_TOKENS } from "@reverie/shared";

export interface PaywallCopy {
  title: string;
  text: string;
}

/** Why the paywall opened, by its analytics source label (spec section 2). */
const COPY: Record<string, PaywallCopy> = {
  [PAYWALL_SOURCES.voiceMessageFreePlanUser]: {
    title: "Hear their voice",
    text: `Premium includes voice messages: listen to every message out loud. On the free plan each one costs ${VOICE_MESSAGE_PRICE_TOKENS} tokens.`,
  },
  [PAYWALL_SOURCES.modelChat]: {
    title: "Keep the conversation going",
    text: "Premium gives you unlimited messages with every character, plus voice and monthly tokens.",
  },
  [PAYWALL_SOURCES.homeGallery]: {
    title: "See more with Premium",
    text: "Premium comes with tokens every month to unlock private photos, videos and packs.",
  },
  [PAYWALL_SOURCES.modelBuilder]: {
    title: "Create your own characters",
    text: "Premium includes custom characters every month, built exactly the way you like.",
  },
  [PAYWALL_SOURCES.onboardingMeetCharacter]: {
    title: "Keep the conversation going",
    text: "Premium gives you unlimited messages with every character, plus voice and monthly tokens.",
  },
  [PAYWALL_SOURCES.onboardingBuildCharacter]: {
    title: "Bring your character to life",
    text: "Premium includes custom characters every month, built exactly the way you like, and tokens for more.",
  },
  [PAYWALL_SOURCES.modelImageGenerator]: {
    title: "Generate images with Premium",
    text: "Image generation is part of Premium. Upgrade to create pictures of your characters.",
  },
};

const FALLBACK: PaywallCopy = {
  title: "This is a Premium feature",
  text: "Upgrade to Premium to use it, along with unlimited messages, voice and monthly tokens.",
};

export function paywallCopy(source: string | null | undefined): PaywallCopy {
  return (source ? COPY[source] : undefined) ?? FALLBACK;
}
