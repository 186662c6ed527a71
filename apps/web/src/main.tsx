import "./styles/index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { sessionPlanVariant } from "./features/billing/utils/traffic";

// an ad may land on any page: its `?traffic=` is kept for the session, for the plan list
sessionPlanVariant(window.location.search);

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
