import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

import { precompress } from "./build-plugins/precompress";

const api = "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: {
      "/v1": { target: api, changeOrigin: false },
      "/health": { target: api },
      "/docs": { target: api },
      "/openapi.json": { target: api },
    },
  },
  build: { outDir: "dist" },
});
