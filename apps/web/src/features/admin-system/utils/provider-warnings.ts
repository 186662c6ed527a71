import type { AdminProvider } from "@reverie/shared";

const LABELS: Record<string, string> = {
  database: "Database",
  llm: "Chat model (LLM)",
  image: "Pictures",
  tts: "Voice (TTS)",
  moderation: "Moderation",
  email: "Email",
  media_storage: "Media storage",
  payments: "Payments (checkout)",
  payments_popup: "Payments (popup)",
};

/** What the System screen calls a provider kind; an unknown kind by its own name. */
export function providerLabel(kind: string): string {
  return LABELS[kind] ?? kind;
}

/** One line for each provider whose configuration falls short in production: "Moderation: rules only — …". */
export function providerWarnings(providers: AdminProvider[]): string[] {
  return providers.flatMap((provider) =>
    provider.warning ? [`${providerLabel(provider.kind)}: ${provider.warning}`] : [],
  );
}
