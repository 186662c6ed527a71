import { useTabParam } from "@/hooks/use-tab-param";

export const SYSTEM_TABS = [
  { value: "providers", label: "Providers" },
  { value: "jobs", label: "Jobs" },
  { value: "usage", label: "LLM usage" },
  { value: "replays", label: "Replays" },
] as const;
export type SystemTab = (typeof SYSTEM_TABS)[number]["value"];

/** The System screen's tab, providers by default. */
export function useSystemTab() {
  return useTabParam(SYSTEM_TABS);
}
