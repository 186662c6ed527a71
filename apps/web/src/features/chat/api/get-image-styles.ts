import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * GET /api/custom/images/styles — the picture styles the server makes, for the chat's style
 * switch: "Realistic" only where its image provider makes photographs. Shares its cache with the
 * image generator's call.
 */
export function getImageStyles(signal?: AbortSignal) {
  return api.get("/api/custom/images/styles", (contract) => contract.imageStylesSchema, { signal });
}

const imageStylesQueryOptions = () =>
  queryOptions({
    queryKey: ["custom-images", "styles"],
    queryFn: ({ signal }) => getImageStyles(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The name of the non-anime style, once the server has said (signed in only: the route needs an account). */
export function useRealisticStyleLabel(signedIn: boolean): string {
  const styles = useQuery({ ...imageStylesQueryOptions(), enabled: signedIn });
  return styles.data?.styles.find((style) => style.value === "realistic")?.label ?? "Lifelike";
}
