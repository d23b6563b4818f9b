/// <reference types="vite/client" />

/** Build-time settings (set in the environment or a `.env` file when building the frontend). */
interface ImportMetaEnv {
  /** Embed address templates of the two player servers; see `features/catalogue/player-config.ts`. */
  readonly VITE_PLAYER_SERVER_1_MOVIE?: string;
  readonly VITE_PLAYER_SERVER_2_MOVIE?: string;
  readonly VITE_PLAYER_SERVER_1_TV?: string;
  readonly VITE_PLAYER_SERVER_2_TV?: string;
  /** Where posters and backdrops come from; see `lib/images.ts`. */
  readonly VITE_IMAGE_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
