import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { paths } from "@/config/paths";
import { storage } from "@/lib/storage";

/** A screen that needs an account, opened while signed out: remember it, then go to /login. */
export function RedirectToLogin() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    storage.set("returnUrl", `${pathname}${search}`);
  }, [pathname, search]);
  return <Navigate to={paths.login} replace />;
}

/** Sign-in screens while signed in: go home. */
export function RedirectHome() {
  return <Navigate to={paths.home} replace />;
}

export function RedirectNotFound() {
  return <Navigate to={paths.notFound} replace />;
}
