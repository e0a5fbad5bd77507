import "./index.css";

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";

import { installPreloadErrorHandler } from "@/app/preload-error";
import { AppProviders } from "@/app/providers";
import { createAppRouter } from "@/app/router";

installPreloadErrorHandler();

const router = createAppRouter();
const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
