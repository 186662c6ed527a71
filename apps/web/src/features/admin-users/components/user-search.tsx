import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { formatTokens } from "@/lib/format";
import { USER_SEARCH_PAGE_SIZE, useUserSearch } from "../api/search-users";
import { useUserSearchParams } from "../hooks/use-user-search-params";
import { UserBadges } from "./user-badges";

/** The Users screen: search by email, name or id; each result opens the user's page. */
export function UserSearch() {
  const { q, page, search, goToPage } = useUserSearchParams();
  const [draft, setDraft] = useState(q);
  const results = useUserSearch({ q, page });
  const pages = results.data ? Math.max(1, Math.ceil(results.data.total_count / USER_SEARCH_PAGE_SIZE)) : 1;

  function submit(event: FormEvent) {
    event.preventDefault();
    search(draft.trim());
  }

  return (
    <div className="space-y-4" data-private>
      <search>
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor="admin-user-search" className="sr-only">
            Email, name or user id
          </label>
          <input
            id="admin-user-search"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Email, name or user id"
            className="h-11 min-w-0 flex-1 rounded-2xl border border-white/10 bg-ink-900/80 px-4 text-[15px] text-ink-100 placeholder:text-ink-500 focus:border-coral-400/70 focus:outline-none"
          />
          <Button type="submit" icon={<Search className="size-4" aria-hidden="true" />}>
            Search
          </Button>
        </form>
      </search>

      {results.isPending ? (
        <Spinner label="Searching" />
      ) : results.isError ? (
        <ErrorState error={results.error} onRetry={() => void results.refetch()} />
      ) : results.data.items.length === 0 ? (
        <p className="text-ink-300">No account matches “{q}”.</p>
      ) : (
        <>
          <p className="text-sm text-ink-400">
            {results.data.total_count} {results.data.total_count === 1 ? "account" : "accounts"}
          </p>
          <table className="w-full text-left text-sm" data-testid="admin-user-results">
            <thead className="hidden text-ink-400 md:table-header-group">
              <tr>
                <th className="py-2 pr-3 font-medium">Email</th>
                <th className="py-2 pr-3 font-medium">Plan · role</th>
                <th className="py-2 pr-3 text-right font-medium">Balance</th>
                <th className="py-2 font-medium">Joined</th>
              </tr>
            </thead>
            <tbody>
              {results.data.items.map((user) => (
                <tr
                  key={user.id}
                  className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-white/5 py-3 md:table-row"
                >
                  <td className="min-w-0 md:py-3 md:pr-3">
                    <Link
                      to={paths.adminUser(user.id)}
                      className="block truncate font-medium text-ink-100 hover:text-coral-200"
                    >
                      {user.email}
                    </Link>
                    {user.name ? (
                      <span className="block truncate text-xs text-ink-400">{user.name}</span>
                    ) : null}
                  </td>
                  <td className="md:py-3 md:pr-3">
                    <UserBadges user={user} />
                  </td>
                  <td className="tabular-nums text-ink-200 md:py-3 md:pr-3 md:text-right">
                    {formatTokens(user.tokens)} tokens
                  </td>
                  <td className="text-right text-xs text-ink-400 md:py-3 md:text-left">
                    {new Date(user.created_at).toLocaleDateString()}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 ? (
            <div className="flex items-center justify-between gap-3">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
                Newer
              </Button>
              <span className="text-sm text-ink-400">
                Page {page} of {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => goToPage(page + 1)}
              >
                Older
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
