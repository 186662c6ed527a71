import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/user/export — starts an archive of the user's data (or answers the one being built). */
export function startDataExport() {
  return api.post("/api/user/export", (contract) => contract.dataExportStartedSchema);
}

export function useStartDataExport() {
  return useMutation({ mutationFn: startDataExport });
}
