import { RestoreScreen } from "@/features/auth/components/restore-screen";

export default function RestoreRoute() {
  return <RestoreScreen />;
}
