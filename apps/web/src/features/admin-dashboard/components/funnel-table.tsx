import type { AdminFunnelStep } from "@reverie/shared";

const percent = (share: number | null) => (share === null ? "—" : `${Math.round(share * 1000) / 10}%`);

/** The funnel's figures as text: visitors per step, and the share of the step before and of the first. */
export function FunnelTable({ funnel }: { funnel: AdminFunnelStep[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="admin-funnel">
        <thead className="text-xs text-ink-400">
          <tr>
            <th className="py-2 pr-3 font-normal">Step</th>
            <th className="py-2 pr-3 text-right font-normal">Visitors</th>
            <th className="py-2 pr-3 text-right font-normal">Of previous</th>
            <th className="py-2 text-right font-normal">Of visits</th>
          </tr>
        </thead>
        <tbody className="tabular-nums text-ink-200">
          {funnel.map((step) => (
            <tr key={step.step} className="border-t border-white/5">
              <td className="py-2 pr-3">{step.event}</td>
              <td className="py-2 pr-3 text-right">{step.clients}</td>
              <td className="py-2 pr-3 text-right">{percent(step.from_previous)}</td>
              <td className="py-2 text-right">{percent(step.from_first)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
