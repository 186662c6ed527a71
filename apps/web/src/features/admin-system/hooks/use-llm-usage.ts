import { useQuery } from "@tanstack/react-query";
import { systemQueryOptions } from "../api/get-system";

/** The LLM's tokens per model and day from the System answer, as a list for DataTable. */
export function useLlmUsage() {
  return useQuery({ ...systemQueryOptions(), select: (system) => ({ items: system.llm_usage }) });
}
