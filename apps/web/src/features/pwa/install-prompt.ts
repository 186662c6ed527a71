import { useSyncExternalStore } from "react";

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
/** Whether the browser has offered a prompt on this page load (it stays true once spent). */
let offered = false;
const listeners = new Set<() => void>();

function setDeferred(event: BeforeInstallPromptEvent | null): void {
  deferred = event;
  if (event) offered = true;
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install prompt for the install modal instead of the browser's own mini
 * info-bar. Called first thing in the entry: the event may fire before React renders.
 */
export function captureInstallPrompt(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    setDeferred(event as BeforeInstallPromptEvent);
  });
  // installed from the browser's own menu meanwhile: the prompt is spent
  window.addEventListener("appinstalled", () => setDeferred(null));
}

/** A prompt may be shown once; afterwards it is gone until the browser offers a new one. */
export function spendInstallPrompt(): void {
  setDeferred(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The deferred install prompt, or null while there is none to show (not offered yet, or spent). */
export function useInstallPrompt(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(
    subscribe,
    () => deferred,
    () => null,
  );
}

/** Whether the browser has offered an install prompt since the page loaded. */
export function useInstallOffered(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => offered,
    () => false,
  );
}
