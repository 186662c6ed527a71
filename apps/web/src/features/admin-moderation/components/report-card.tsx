import type { MessageReport } from "@reverie/shared";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useActOnReport } from "../api/act-on-report";

/** One reported message with the messages around it, and what a moderator can do about it. */
export function ReportCard({ report, isAdmin }: { report: MessageReport; isAdmin: boolean }) {
  const act = useActOnReport(report.id);
  const [reason, setReason] = useState("");
  const owner = report.reporter.id;

  return (
    <li
      className="space-y-3 rounded-2xl border border-white/10 p-3"
      data-testid="admin-report"
      data-report-id={report.id}
    >
      <p className="flex flex-wrap gap-x-3 text-xs text-ink-400">
        <time dateTime={report.created_at}>{new Date(report.created_at).toLocaleString()}</time>
        <span className="text-amber-200">{report.reason.replace("_", " ")}</span>
        <span>{report.character?.name ?? "deleted character"}</span>
        {owner ? (
          <Link to={paths.adminUser(owner)} className="text-coral-200 hover:underline">
            {report.reporter.email ?? owner}
          </Link>
        ) : (
          <span>deleted account</span>
        )}
        <span>{report.status.replace("_", " ")}</span>
      </p>
      {report.note ? <p className="text-sm text-ink-300">“{report.note}”</p> : null}
      <ol className="space-y-1 text-sm">
        {(report.context.length > 0
          ? report.context
          : [
              {
                id: 0,
                sender: "model" as const,
                text: report.message_text,
                reported: true,
                type: "text",
                created_at: "",
              },
            ]
        ).map((message) => (
          <li
            key={message.id}
            className={cn(
              "rounded-lg px-2 py-1 break-words",
              message.reported ? "border border-amber-400/40 bg-amber-400/10 text-ink-100" : "text-ink-300",
            )}
          >
            <span className="mr-2 text-[11px] text-ink-500">
              {message.sender === "user" ? "User" : "Character"}
            </span>
            {message.reported && message.text !== report.message_text ? report.message_text : message.text}
          </li>
        ))}
      </ol>
      {report.resolution ? (
        <p className="text-xs text-ink-400">
          {report.resolution.by} · {report.resolution.note}
        </p>
      ) : (
        <div className="space-y-2">
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            hint="Kept in the audit log."
          />
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={!reason.trim()}
              loading={act.isPending && act.variables?.action === "dismiss"}
              onClick={() => act.mutate({ action: "dismiss", reason: reason.trim() })}
              data-testid="admin-report-dismiss"
            >
              Dismiss
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!reason.trim() || report.message_id === null}
              loading={act.isPending && act.variables?.action === "hide_message"}
              onClick={() => act.mutate({ action: "hide_message", reason: reason.trim() })}
            >
              Hide the message
            </Button>
            {isAdmin ? (
              <Button
                size="sm"
                variant="danger"
                disabled={!reason.trim() || !owner}
                loading={act.isPending && act.variables?.action === "ban_user"}
                onClick={() => act.mutate({ action: "ban_user", reason: reason.trim() })}
              >
                Ban the user
              </Button>
            ) : null}
          </div>
          {act.error ? <Notice tone="error">{errorMessage(act.error)}</Notice> : null}
        </div>
      )}
    </li>
  );
}
