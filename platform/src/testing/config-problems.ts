import { ConfigError, loadConfig } from '../config/config.js';

/** The problems `loadConfig` reports for `env`, one a line as the process would print them; none when it loads. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
