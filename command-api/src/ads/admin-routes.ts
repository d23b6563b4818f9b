/**
 * The back office's ads (spec section 7, `/admin/ads`; the admin guard covers `/api/admin/*`).
 * Each change is decided against the ad's stream and names the acting admin; the answer carries
 * the position, so the admin's next read of the list shows the change.
 */
import { adInput, adParams, streams } from '@cinefold/contracts';
import { randomUUID } from 'node:crypto';
import {
  callContext,
  created,
  type Endpoint,
  endpoint,
  type EndpointCall,
  type EventLog,
  ok,
  rememberWrite,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { runCommand } from '../shared/run-command.js';
import { type AdCommand, adDecider } from './ad.js';

export interface AdminAdsDependencies {
  readonly log: EventLog;
  readonly redis: Redis;
}

const createSchemas = { body: adInput };
const updateSchemas = { params: adParams, body: adInput };
const deleteSchemas = { params: adParams };

export function adminAdsEndpoints({ log, redis }: AdminAdsDependencies): Endpoint[] {
  /** Decides the command on the ad's stream; the admin's next reads wait for what it wrote. */
  async function run(call: EndpointCall, command: AdCommand) {
    const outcome = await runCommand(log, streams.ad(command.adId), adDecider, command, callContext(call));
    if (outcome.result) await rememberWrite(redis, outcome.result, { userId: call.caller.user!.id });
    return outcome.result?.position;
  }

  return [
    endpoint({
      method: 'POST',
      path: '/api/admin/ads',
      schemas: createSchemas,
      access: 'admin',
      handle: async (call) => {
        const adId = randomUUID();
        const position = await run(call, {
          type: 'CreateAd',
          adId,
          adminId: call.caller.user!.id,
          ad: call.body,
        });
        return created({ id: adId, ...call.body }, position);
      },
    }),
    endpoint({
      method: 'PUT',
      path: '/api/admin/ads/:id',
      schemas: updateSchemas,
      access: 'admin',
      handle: async (call) => {
        const { params, body } = call;
        const command = {
          type: 'UpdateAd',
          adId: params.id,
          adminId: call.caller.user!.id,
          ad: body,
        } as const;
        return { ...ok({ id: params.id, ...body }), position: await run(call, command) };
      },
    }),
    endpoint({
      method: 'DELETE',
      path: '/api/admin/ads/:id',
      schemas: deleteSchemas,
      access: 'admin',
      handle: async (call) => {
        const command = { type: 'DeleteAd', adId: call.params.id, adminId: call.caller.user!.id } as const;
        return { ...ok({ message: 'The ad was deleted.' }), position: await run(call, command) };
      },
    }),
  ];
}
