import { errorResponseSchema } from "@reverie/shared";

/** The error shape for the given statuses, for a route's OpenAPI response list. */
export function errorResponses<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;
}
