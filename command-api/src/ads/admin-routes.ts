/**
 * The back office's ads (spec section 7, `/admin/ads`; the admin guard covers `/api/admin/*`).
 * Each change is decided against the ad's stream and names the acting admin; the answer carries
 * the position, so the admin's next read of the list shows the change.
 */
import { adInput, adParams, streams } from '@cinefold/contracts';
import {
  commandContext,
  type EventLog,
  recordWrite,
  signedInUser,
  validate,
  validated,
} from '@cinefold/platform';
import { Router } from 'express';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { runCommand } from '../shared/run-command.js';
import { type AdCommand, adDecider } from './ad.js';

export interface AdminAdsDependencies {
  readonly log: EventLog;
  readonly redis: Redis;
}

const createSchemas = { body: adInput };
const updateSchemas = { params: adParams, body: adInput };
const deleteSchemas = { params: adParams };

export function adminAdsRouter({ log, redis }: AdminAdsDependencies): Router {
  const router = Router();

  async function run(req: Parameters<typeof commandContext>[0], command: AdCommand) {
    return runCommand(log, streams.ad(command.adId), adDecider, command, commandContext(req));
  }

  router.post('/admin/ads', validate(createSchemas), async (req, res) => {
    const { body } = validated(req, createSchemas);
    const adminId = signedInUser(req).id;
    const adId = randomUUID();
    const outcome = await run(req, { type: 'CreateAd', adId, adminId, ad: body });
    if (outcome.result) await recordWrite(redis, res, outcome.result, { userId: adminId });
    res.status(201).json({ id: adId, ...body });
  });

  router.put('/admin/ads/:id', validate(updateSchemas), async (req, res) => {
    const { params, body } = validated(req, updateSchemas);
    const adminId = signedInUser(req).id;
    const outcome = await run(req, { type: 'UpdateAd', adId: params.id, adminId, ad: body });
    if (outcome.result) await recordWrite(redis, res, outcome.result, { userId: adminId });
    res.json({ id: params.id, ...body });
  });

  router.delete('/admin/ads/:id', validate(deleteSchemas), async (req, res) => {
    const { params } = validated(req, deleteSchemas);
    const adminId = signedInUser(req).id;
    const outcome = await run(req, { type: 'DeleteAd', adId: params.id, adminId });
    await recordWrite(redis, res, outcome.result!, { userId: adminId });
    res.json({ message: 'The ad was deleted.' });
  });

  return router;
}
