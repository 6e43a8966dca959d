// Types of vite-plugin-pwa's virtual `virtual:pwa-register` module (src/main.tsx loads it in production builds).
/// <reference types="vite-plugin-pwa/vanillajs" />
