import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const POLL_MS = 1500;

/** GET /api/user/export/:id — the archive's state and, once ready, its signed link. */
export function getDataExport(exportId: string, signal?: AbortSignal) {
  return api.get(
    `/api/user/export/${encodeURIComponent(exportId)}`,
    (contract) => contract.dataExportSchema,
    {
      signal,
    },
  );
}

/** Follows an archive while it is being built; stops asking once it is ready or failed. */
export function useDataExport(exportId: string | null) {
  return useQuery({
    queryKey: ["user", "export", exportId],
    queryFn: ({ signal }) => getDataExport(exportId ?? "", signal),
    enabled: exportId !== null,
    refetchInterval: (query) =>
      query.state.data?.status === "pending" || !query.state.data ? POLL_MS : false,
  });
}
