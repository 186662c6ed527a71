import "./styles/index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";

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
