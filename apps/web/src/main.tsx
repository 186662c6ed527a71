import "./styles/index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { captureInstallPrompt } from "./features/pwa/install-prompt";
import { startAnalytics } from "./lib/analytics";
import { startSessionReplay } from "./lib/session-replay-loader";

// before anything renders: the browser may offer its install prompt at once
captureInstallPrompt();
// the service worker is registered once the page has loaded (spec 7), its code loaded only then
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    import("./features/pwa/service-worker")
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.error("service worker registration failed", error));
  });
}

// counts the visit; the sender (remote configuration, the stored queue) loads once the page has
startAnalytics();
// session replay, if this session is to be recorded, once the page has loaded (its code loads only then)
window.addEventListener("load", startSessionReplay);

// an ad may land on any page: its `?traffic=` is kept for the session, for the plan list (loaded
// only then: the entry stays as small as it was)
if (new URLSearchParams(window.location.search).has("traffic")) {
  void import("./features/billing/utils/traffic").then(({ sessionPlanVariant }) =>
    sessionPlanVariant(window.location.search),
  );
}

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
