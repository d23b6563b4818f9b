/**
 * The test run's set-up: compiles the server packages the way `npm start` runs them, so that the
 * sites of the end-to-end tests, and the services other tests start as processes, run from
 * JavaScript as a user's do, not through tsx compiling each file at every start.
 */
import { buildServer } from '../scripts/service.mjs';

export default function setup(): void {
  buildServer();
}
