export { findProjectors, projectors } from './registry.js';
export { type RebuildProgress, type RebuildResult, rebuildProjection } from './runtime/rebuild.js';
export { supersededStreams } from './runtime/feed.js';
export { type VerifyResult, type VerifyVerdict, verifyProjection } from './runtime/verify.js';
export { ensureActiveGeneration, LiveProjectionRunner, servingVersion } from './runtime/runner.js';
export {
  createReplayQueue,
  type ProjectorsService,
  REPLAY_QUEUE,
  startProjectorsService,
  VERIFY_QUEUE,
  type VerifyJobResult,
} from './service.js';
