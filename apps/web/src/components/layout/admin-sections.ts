import { paths } from "@/config/paths";

/** The admin console's sections, in the order of its navigation (decision 29). */
export const ADMIN_SECTIONS = [
  { key: "dashboard", label: "Dashboard", to: paths.admin },
  { key: "users", label: "Users", to: paths.adminUsers },
  { key: "characters", label: "Characters", to: paths.adminCharacters },
  { key: "moderation", label: "Moderation", to: paths.adminModeration },
  { key: "payments", label: "Payments", to: paths.adminPayments },
  { key: "system", label: "System", to: paths.adminSystem },
  { key: "audit", label: "Audit log", to: paths.adminAudit },
] as const;

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]["key"];
