import { evidenceSegments } from "../utils/evidence-segments";

/**
 * What was refused, with the words that decided it marked in it; evidence the excerpt does not
 * hold (it was clipped before them) is shown on its own line under it.
 */
export function EvidenceExcerpt({ excerpt, evidence }: { excerpt: string; evidence: string | null }) {
  const segments = evidenceSegments(excerpt, evidence);
  return (
    <>
      <p className="break-words whitespace-pre-line text-ink-100" data-testid="moderation-excerpt">
        {segments
          ? segments.map((segment) =>
              segment.evidence ? (
                <mark
                  key={segment.start}
                  className="rounded bg-coral-500/25 px-0.5 text-coral-100"
                  data-testid="moderation-evidence"
                >
                  {segment.text}
                </mark>
              ) : (
                <span key={segment.start}>{segment.text}</span>
              ),
            )
          : excerpt}
      </p>
      {evidence && !segments ? (
        <p className="break-words text-xs text-ink-300" data-testid="moderation-evidence-apart">
          Triggered by: <span className="text-coral-200">{evidence}</span>
        </p>
      ) : null}
    </>
  );
}
