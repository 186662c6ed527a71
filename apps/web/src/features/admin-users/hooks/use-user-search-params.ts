import { useSearchParams } from "react-router";

/** The search and page of the Users screen, kept in the address so back and reload return to them. */
export function useUserSearchParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  return {
    q,
    page,
    search(next: string) {
      setParams(next ? { q: next } : {}, { replace: true });
    },
    goToPage(next: number) {
      setParams({ ...(q ? { q } : {}), ...(next > 1 ? { page: String(next) } : {}) });
    },
  };
}
