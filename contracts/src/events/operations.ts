/**
 * Operations: what admins ask of the read models from the operator's console. The work itself
 * (a rebuild, a verify) runs as a job where the projectors run; the event is the record of who
 * asked for it and when, so the audit shows it like any other admin action.
 */
import { z } from 'zod';
import { defineEvent } from './define.js';

const projectionRequest = z.object({ projector: z.string(), jobId: z.string() });

/** A zero-downtime rebuild of one read model: a new generation built beside the serving one. */
export const ProjectionRebuildRequested = defineEvent('ProjectionRebuildRequested', projectionRequest);
/** A read model compared key by key with a scratch rebuild of it. */
export const ProjectionVerifyRequested = defineEvent('ProjectionVerifyRequested', projectionRequest);

export const operationsEvents = [ProjectionRebuildRequested, ProjectionVerifyRequested] as const;

export const operationsStreams = {
  /** Only ever added to: requests are not decided against anything but the projector's name. */
  operations: () => 'operations',
} as const;
