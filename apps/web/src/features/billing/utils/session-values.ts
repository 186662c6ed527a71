/**
 * Values kept for the browser session (sessionStorage): gone with the tab, never sent anywhere.
 * Reads and writes never throw; storage can be disabled (privacy modes), and then nothing is kept.
 */
export const sessionValues = {
  get(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // storage disabled or full: the value is simply not kept
    }
  },
};
