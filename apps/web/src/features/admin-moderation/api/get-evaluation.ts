import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/admin/moderation/evaluation — the rules' figures on the labelled set. */
export function getEvaluation(signal?: AbortSignal) {
  return api.get("/api/admin/moderation/evaluation", (contract) => contract.moderationEvaluationSchema, {
    signal,
  });
}

export const evaluationQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "moderation", "evaluation"],
    queryFn: ({ signal }) => getEvaluation(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useEvaluation() {
  return useQuery(evaluationQueryOptions());
}
