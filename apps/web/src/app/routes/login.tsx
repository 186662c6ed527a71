import { LoginScreen } from "@/features/auth/components/login-screen";

export default function LoginRoute() {
  return <LoginScreen />;
}
