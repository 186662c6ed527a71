import { rememberJobHandler } from "../jobs/remember.ts";
import { createMemoryExtractor } from "../providers/llm/memory-extraction/index.ts";
import type { JobHandlers } from "../services/job-registry.ts";
import { MemoryService } from "../services/memory/memory-service.ts";
import type { Core } from "./core.ts";
import type { Infrastructure } from "./infrastructure.ts";

/**
 * What characters remember of users (decision 45): the memory service the panel's routes use, and
 * the `remember` job that learns from each exchange with the configured LLM, else the offline rules.
 */
export function wireMemory(infra: Infrastructure, core: Core) {
  const memory = new MemoryService({
    db: core.db,
    bus: infra.bus,
    extractor: createMemoryExtractor(infra.config.llm),
    moderation: core.moderation,
  });
  const handlers = { remember: rememberJobHandler({ memory }) } satisfies Partial<JobHandlers>;
  return { memory, handlers };
}
