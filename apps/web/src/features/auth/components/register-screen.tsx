import { Link } from "react-router";
import { paths } from "@/config/paths";
import { AuthLayout, authLinkClass } from "./auth-layout";
import { RegisterForm } from "./register-form";
import { SocialSignIn } from "./social-sign-in";

/** /register: email sign-up (plus social sign-in, which creates the account on first use). */
export function RegisterScreen() {
  return (
    <AuthLayout
      title="Create your account"
      description="Save your chats, unlock photos and come back to the characters you like."
      testId="register-screen"
      footer={
        <>
          Already have an account?{" "}
          <Link to={paths.login} className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <RegisterForm />
      <SocialSignIn signUp />
      <p className="mt-6 text-center text-xs leading-relaxed text-ink-400">
        By creating an account you confirm you are 18 or older and agree to our{" "}
        <Link to={paths.terms} className={authLinkClass}>
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to={paths.privacyPolicy} className={authLinkClass}>
          Privacy Policy
        </Link>
        .
      </p>
    </AuthLayout>
  );
}
