import type { Endpoint, ImportJobData } from '@cinefold/platform';
import type { Queue } from 'bullmq';
import { type AccountReadsDependencies, accountReadEndpoints } from './accounts/routes.js';
import { type AdReadsDependencies, adReadEndpoints } from './ads/routes.js';
import { upNextReadEndpoints } from './accounts/up-next.js';
import { catalogueEndpoints } from './catalogue/routes.js';
import { importStatusEndpoint } from './catalogue/import-status.js';
import type { ResponseCache } from './catalogue/response-cache.js';
import { messageReadsEndpoint } from './support/messages.js';
import { healthEndpoint } from './health/health.js';
import { type ProjectionsDependencies, projectionsEndpoint } from './projections/routes.js';
import { type SiteConfigDependencies, siteConfigEndpoint } from './site/config.js';
import { dashboardEndpoint } from './traffic/dashboard.js';
import { auditEndpoint } from './operations/audit.js';
import { type OperationsReadsDependencies, operationsEndpoint } from './operations/status.js';
import { LiveDashboard, liveDashboardEndpoint } from './traffic/live-dashboard.js';
import { type TrafficReadsDependencies, trafficReadsEndpoint } from './traffic/summary.js';

export type QueryApiDependencies = ProjectionsDependencies &
  AccountReadsDependencies &
  TrafficReadsDependencies &
  AdReadsDependencies &
  OperationsReadsDependencies &
  SiteConfigDependencies & {
    readonly importQueue: Queue<ImportJobData>;
    readonly cacheMs?: number;
    readonly answers?: ResponseCache<Buffer>;
    /** The admin dashboard's live streams; the site ends them first when it stops. */
    readonly liveDashboard?: LiveDashboard;
  };

/**
 * The reads of the /api surface declared as endpoints (see platform's `endpoint.ts`), served by
 * Express and, the hot ones, by the gateway's fast lane.
 */
export function queryEndpoints(deps: QueryApiDependencies): Endpoint[] {
  return [
    healthEndpoint(deps),
    projectionsEndpoint(deps),
    ...catalogueEndpoints(deps),
    ...accountReadEndpoints(deps),
    ...upNextReadEndpoints(deps),
    importStatusEndpoint(deps),
    ...adReadEndpoints(deps),
    trafficReadsEndpoint(deps),
    dashboardEndpoint(deps),
    messageReadsEndpoint(deps),
    auditEndpoint(deps),
    operationsEndpoint(deps),
    siteConfigEndpoint(deps),
    liveDashboardEndpoint(deps.liveDashboard ?? new LiveDashboard(deps)),
  ];
}
export { catalogueEndpoints } from './catalogue/routes.js';
export { ResponseCache } from './catalogue/response-cache.js';
export { AdSlotAnswers } from './ads/slot-answers.js';
export { projectorStatuses } from './projections/status.js';
export { LiveDashboard, liveDashboardEndpoint, STREAMS_PER_ADMIN } from './traffic/live-dashboard.js';
