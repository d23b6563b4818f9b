/// <reference types="vite/client" />

/** Build-time settings (set in the environment or a `.env` file when building the frontend). */
interface ImportMetaEnv {
  /** Where posters and backdrops come from; see `lib/images.ts`. */
  readonly VITE_IMAGE_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
