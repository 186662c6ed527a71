import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useEvaluation } from "../api/get-evaluation";

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/** `npm run eval:moderation`'s figures: recall on must-refuse, false positives on must-pass. */
export function EvaluationFigures() {
  const evaluation = useEvaluation();
  if (evaluation.isPending) return <Skeleton className="h-24 w-full rounded-2xl" />;
  if (evaluation.isError)
    return <ErrorState error={evaluation.error} onRetry={() => void evaluation.refetch()} />;
  const figures = evaluation.data;
  return (
    <div className="space-y-3" data-testid="admin-moderation-evaluation">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Cases" value={String(figures.cases)} />
        <Figure
          label="Recall (must refuse)"
          value={percent(figures.recall)}
          hint={`target ${percent(figures.targets.recall)}`}
        />
        <Figure
          label="False positives"
          value={percent(figures.false_positive_rate)}
          hint={`target ≤ ${percent(figures.targets.false_positive_rate)}`}
        />
        <Figure label="Targets" value={figures.meets_targets ? "met" : "NOT met"} />
      </dl>
      <p className="text-xs text-ink-400">
        By language:{" "}
        {figures.by_language
          .map(
            (row) =>
              `${row.lang} ${row.cases} cases, ${row.missed} missed, ${row.false_positives} false positives`,
          )
          .join(" · ")}
      </p>
    </div>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-2xl border border-white/10 px-3 py-2">
      <dt className="text-xs text-ink-400">{label}</dt>
      <dd className="text-lg text-ink-100">{value}</dd>
      {hint ? <dd className="text-[11px] text-ink-500">{hint}</dd> : null}
    </div>
  );
}
