/**
 * Session replay's entry points for the entry chunk: each loads the switch (session-replay.ts) only
 * when called, so the first screen carries two small functions and none of the replay code.
 */
const replay = () => import("./session-replay");

export const startSessionReplay = (): void =>
  void replay().then((module) => module.startSessionReplay(), console.error);

export const setReplayOptOut = (optOut: boolean): void =>
  void replay().then((module) => module.setReplayOptOut(optOut), console.error);
