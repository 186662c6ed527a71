import { ResetScreen } from "@/features/auth/components/reset-screen";

export default function ResetRoute() {
  return <ResetScreen />;
}
