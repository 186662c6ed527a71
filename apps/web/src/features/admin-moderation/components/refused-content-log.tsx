import type { ModerationEventQuery } from "@reverie/shared";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { SelectField } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { useModerationEvents } from "../api/list-moderation-events";
import { EvidenceExcerpt } from "./evidence-excerpt";

/** Where refused text came from, in words. */
const SURFACE_LABELS = {
  chat_message: "Chat message",
  image_prompt: "Image prompt",
  character_definition: "Character definition",
  model_output: "Character's reply",
} as const;
const SURFACES = Object.keys(SURFACE_LABELS) as (keyof typeof SURFACE_LABELS)[];

const surfaceLabel = (surface: string) =>
  SURFACE_LABELS[surface as keyof typeof SURFACE_LABELS] ?? surface.replaceAll("_", " ");

/**
 * Refused content, newest first: by user, surface and date, with where it was refused and what,
 * the deciding words marked in it.
 */
export function RefusedContentLog() {
  const [userId, setUserId] = useState("");
  const [surface, setSurface] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [before, setBefore] = useState<number | undefined>(undefined);
  const query: ModerationEventQuery = {
    ...(userId.trim() ? { user_id: userId.trim() } : {}),
    ...(surface ? { surface: surface as (typeof SURFACES)[number] } : {}),
    ...(from ? { from: new Date(from).toISOString() } : {}),
    ...(to ? { to: new Date(`${to}T23:59:59`).toISOString() } : {}),
    ...(before ? { before } : {}),
    limit: 25,
  };
  const events = useModerationEvents(query);

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-4">
        <TextField
          label="User id"
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
          optional
        />
        <SelectField label="Kind" value={surface} onChange={(event) => setSurface(event.target.value)}>
          <option value="">All</option>
          {SURFACES.map((value) => (
            <option key={value} value={value}>
              {SURFACE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          optional
        />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          optional
        />
      </div>
      {events.isPending ? (
        <Skeleton className="h-40 w-full rounded-2xl" />
      ) : events.isError ? (
        <ErrorState error={events.error} onRetry={() => void events.refetch()} />
      ) : events.data.items.length === 0 ? (
        <p className="text-sm text-ink-400">Nothing refused matches.</p>
      ) : (
        <ul
          className="divide-y divide-white/5 rounded-2xl border border-white/10"
          data-testid="admin-moderation-events"
        >
          {events.data.items.map((event) => (
            <li key={event.id} className="space-y-1 px-3 py-2.5 text-sm">
              <p className="flex flex-wrap gap-x-3 text-xs text-ink-400">
                <time dateTime={event.created_at}>{new Date(event.created_at).toLocaleString()}</time>
                <span className="font-medium text-ink-200" data-testid="moderation-surface">
                  {surfaceLabel(event.surface)}
                </span>
                <span>
                  {event.category} · {event.classifier}
                </span>
                {event.user_id ? (
                  <Link to={paths.adminUser(event.user_id)} className="text-coral-200 hover:underline">
                    {event.user_email ?? event.user_id}
                  </Link>
                ) : (
                  <span>deleted account</span>
                )}
              </p>
              <EvidenceExcerpt excerpt={event.excerpt} evidence={event.evidence} />
            </li>
          ))}
        </ul>
      )}
      {events.data?.next_before ? (
        <Button variant="ghost" size="sm" onClick={() => setBefore(events.data?.next_before ?? undefined)}>
          Older
        </Button>
      ) : null}
    </div>
  );
}
