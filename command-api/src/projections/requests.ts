/**
 * Rebuilds and verifies of read models, asked for by an admin: recorded as an event naming the
 * admin (so the audit shows them), then queued for the projectors service, which runs them where
 * the projectors run. The job id is chosen first and carried by both, so the two can be matched.
 */
import { randomUUID } from 'node:crypto';
import { type ProjectorJobStarted, streams } from '@cinefold/contracts';
import type {
  AppendResult,
  CommandContext,
  EventLog,
  ReplayJobData,
  VerifyJobData,
} from '@cinefold/platform';
import type { Queue } from 'bullmq';

export interface ProjectionRequestDependencies {
  readonly log: EventLog;
  readonly replayQueue: Queue<ReplayJobData>;
  readonly verifyQueue: Queue<VerifyJobData>;
}

type Kind = 'rebuild' | 'verify';

async function alreadyUnderWay(queue: Queue<{ projector: string }>, projector: string) {
  const running = await queue.getJobs(['active', 'waiting', 'delayed'], 0, 99);
  return running.find((job) => job.data.projector === projector);
}

/** Starts a rebuild or a verify of `projector`, or answers with the one already under way. */
export async function requestProjectionJob(
  deps: ProjectionRequestDependencies,
  kind: Kind,
  projector: string,
  context: CommandContext,
): Promise<ProjectorJobStarted & { recorded?: AppendResult }> {
  const queue = (kind === 'rebuild' ? deps.replayQueue : deps.verifyQueue) as Queue<{ projector: string }>;
  const verb = kind === 'rebuild' ? 'rebuild' : 'verify';
  const already = await alreadyUnderWay(queue, projector);
  if (already?.id) {
    return { jobId: already.id, projector, message: `A ${verb} of ${projector} is already under way.` };
  }
  const jobId = randomUUID();
  const recorded = await deps.log.append(
    streams.operations(),
    [
      {
        type: kind === 'rebuild' ? 'ProjectionRebuildRequested' : 'ProjectionVerifyRequested',
        data: { projector, jobId },
      },
    ],
    { expectedRevision: 'any', context },
  );
  await queue.add(kind === 'rebuild' ? 'replay' : 'verify', { projector }, { jobId, attempts: 3 });
  return {
    jobId,
    projector,
    recorded,
    message: kind === 'rebuild' ? `Rebuilding ${projector}.` : `Verifying ${projector}.`,
  };
}
