import { AdminLayout, useAdminOperator } from "@/components/layout/admin-layout";
import { SectionHeading } from "@/components/ui/section-heading";
import { EvaluationFigures } from "@/features/admin-moderation/components/evaluation-figures";
import { RefusedContentLog } from "@/features/admin-moderation/components/refused-content-log";
import { ReportQueue } from "@/features/admin-moderation/components/report-queue";

function Moderation() {
  const isAdmin = useAdminOperator().role === "admin";
  return (
    <div className="space-y-10" data-private>
      <section className="space-y-3">
        <SectionHeading title="Reported messages" />
        <ReportQueue isAdmin={isAdmin} />
      </section>
      <section className="space-y-3">
        <SectionHeading title="Refused content" />
        <RefusedContentLog />
      </section>
      <section className="space-y-3">
        <SectionHeading title="Evaluation" />
        <EvaluationFigures />
      </section>
    </div>
  );
}

/** /admin/moderation: reports, refused content and the moderation rules' figures (moderators and admins). */
export default function AdminModerationRoute() {
  return (
    <AdminLayout section="moderation" title="Moderation">
      <Moderation />
    </AdminLayout>
  );
}
