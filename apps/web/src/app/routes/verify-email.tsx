import { VerifyEmailScreen } from "@/features/auth/components/verify-email-screen";

export default function VerifyEmailRoute() {
  return <VerifyEmailScreen />;
}
