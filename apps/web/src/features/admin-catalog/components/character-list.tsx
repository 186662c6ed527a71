import type { AdminCharacter, Gender } from "@reverie/shared";
import { ArrowDown, ArrowUp, Eye, EyeOff } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useAdminCharacters } from "../api/list-characters";
import { useReorderCharacters } from "../api/reorder-characters";
import { useSetVisibility } from "../api/set-visibility";

/** One category's characters in their catalog order: admins move, hide and show them. */
export function CharacterList({ gender, canEdit }: { gender: Gender; canEdit: boolean }) {
  const characters = useAdminCharacters(gender);
  const reorder = useReorderCharacters();
  const visibility = useSetVisibility();

  if (characters.isPending) return <Skeleton className="h-64 w-full rounded-2xl" />;
  if (characters.isError)
    return <ErrorState error={characters.error} onRetry={() => void characters.refetch()} />;
  const items = characters.data.items;

  function move(index: number, by: -1 | 1) {
    const ids = items.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate({ gender, ids });
  }

  const failure = reorder.error ?? visibility.error;
  return (
    <div className="space-y-3">
      {failure ? <Notice tone="error">{errorMessage(failure)}</Notice> : null}
      <ol
        className="divide-y divide-white/5 rounded-2xl border border-white/10"
        data-testid="admin-character-list"
      >
        {items.map((character: AdminCharacter, index) => (
          <li
            key={character.id}
            className="flex flex-wrap items-center gap-3 px-3 py-2.5 sm:flex-nowrap"
            data-testid="admin-character-row"
            data-character-id={character.id}
            data-hidden={character.hidden ? "true" : "false"}
          >
            {character.avatar_url ? (
              <img src={character.avatar_url} alt="" className="size-10 shrink-0 rounded-full object-cover" />
            ) : (
              <span className="size-10 shrink-0 rounded-full bg-ink-700" aria-hidden="true" />
            )}
            <Link
              to={`${paths.adminCharacters}/${character.id}`}
              className={cn(
                "min-w-0 flex-1 truncate text-ink-100 hover:underline",
                character.hidden && "text-ink-500",
              )}
            >
              {character.name}, {character.age}
              {character.hidden ? <span className="ml-2 text-xs text-amber-300">hidden</span> : null}
            </Link>
            {canEdit ? (
              <span className="flex items-center gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${character.name} up`}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                  icon={<ArrowUp className="size-4" aria-hidden="true" />}
                />
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${character.name} down`}
                  disabled={index === items.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                  icon={<ArrowDown className="size-4" aria-hidden="true" />}
                />
                <Button
                  size="sm"
                  variant="secondary"
                  data-testid="admin-character-visibility"
                  loading={visibility.isPending && visibility.variables?.id === character.id}
                  onClick={() => visibility.mutate({ id: character.id, hidden: !character.hidden })}
                  icon={
                    character.hidden ? (
                      <Eye className="size-4" aria-hidden="true" />
                    ) : (
                      <EyeOff className="size-4" aria-hidden="true" />
                    )
                  }
                >
                  {character.hidden ? "Show" : "Hide"}
                </Button>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
