/** Spec 9: a script chunk that has not arrived after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A chunk of the app's code that did not load: gone after a deployment, the network, or too slow. */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
}

/** What browsers throw for a dynamic import that failed (Chromium, WebKit, Firefox). */
const BROWSER_CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** Whether an error means code failed to load, not that it failed while running. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError || (error instanceof Error && BROWSER_CHUNK_FAILURE.test(error.message))
  );
}

/**
 * Loads a chunk of code (a dynamic `import()`), failing with 'Loading chunk N failed' (spec 8)
 * when the import fails or has not finished after `timeoutMs`.
 */
export function loadChunk<T>(
  name: string,
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  const failed = (cause?: unknown) => new ChunkLoadError(`Loading chunk ${name} failed`, { cause });
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(failed()), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(failed(error));
      },
    );
  });
}
