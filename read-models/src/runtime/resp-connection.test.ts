import { useRedisServer } from '@cinefold/platform/testing';
import { encodeCommand, RecordedTransaction, RespWriter } from '@cinefold/read-models';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { RespConnection } from './resp-connection.js';

const redisServer = useRedisServer();
const opened: Redis[] = [];
function client(db = 0): Redis {
  const redis = new Redis(`${redisServer.url}/${db}`, { maxRetriesPerRequest: null });
  opened.push(redis);
  return redis;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((redis) => redis.quit().catch(() => undefined)));
});

const MULTI = encodeCommand(['MULTI']);
const EXEC = encodeCommand(['EXEC']);

describe('the projection writer connection', () => {
  it('sends commands it encoded and answers each, in order', async () => {
    const redis = client();
    const connection = RespConnection.like(redis);
    expect(RespConnection.like(redis)).toBe(connection); // one per client
    const writer = new RespWriter(16); // grows as it writes
    writer.command('SET', ['café:卧虎', Buffer.from([0, 255, 10])]);
    writer.members('ZADD', 'scores', [1.5, 7, -1_000_000, 2_147_483_647, 4_808_584_372_417_849, 0]);
    writer.members('SADD', 'ids', [0, 9, 10, 99, 1_234_567_890]);
    writer.command('INCRBY', ['counter', -3]);
    const { commands, count } = writer.done();
    expect(count).toBe(4);
    expect(await connection.send(commands, count)).toEqual(['OK', 3, 5, -3]);

    expect(await redis.getBuffer('café:卧虎')).toEqual(Buffer.from([0, 255, 10]));
    // Score, member, score, member...
    expect(await redis.zrange('scores', 0, -1, 'WITHSCORES')).toEqual([
      '2147483647',
      '-1000000',
      '7',
      '1.5',
      '0',
      '4808584372417849',
    ]);
    expect((await redis.smembers('ids')).map(Number).sort((a, b) => a - b)).toEqual([
      0, 9, 10, 99, 1_234_567_890,
    ]);
    expect(await connection.call('GET', 'counter')).toBe('-3');
    await expect(connection.call('NOSUCHCOMMAND')).rejects.toThrow(/unknown command/);
  });

  it('runs a recorded transaction as an ioredis pipeline would, errors in place', async () => {
    const redis = client();
    const connection = RespConnection.like(redis);
    const recorded = new RecordedTransaction();
    recorded.tx
      .hset('hash', { a: 1, b: 'two' })
      .sadd('set', [1, 2, 3])
      .mset(new Map([['k1', 'v1']]))
      .incr('hash') // wrong type: fails at EXEC, the rest still runs
      .set('after', 'yes');
    const replies = await connection.send([MULTI, ...recorded.parts, EXEC], recorded.count + 2);
    expect(replies.slice(0, 6)).toEqual(['OK', 'QUEUED', 'QUEUED', 'QUEUED', 'QUEUED', 'QUEUED']);
    const results = replies.at(-1) as unknown[];
    expect(results.slice(0, 3)).toEqual([2, 3, 'OK']);
    expect(results[3]).toBeInstanceOf(Error);
    expect(String(results[3])).toMatch(/WRONGTYPE/);
    expect(results[4]).toBe('OK');
    expect(await redis.hgetall('hash')).toEqual({ a: '1', b: 'two' });
    expect(await redis.get('after')).toBe('yes');

    // A command refused when queued (GET takes one key) aborts the whole transaction.
    const refused = new RecordedTransaction();
    refused.tx.set('never', '1');
    refused.tx.raw(encodeCommand(['GET', 'one', 'two']), 1);
    const aborted = await connection.send([MULTI, ...refused.parts, EXEC], refused.count + 2);
    expect(String(aborted.at(-1))).toMatch(/EXECABORT/);
    expect(await redis.get('never')).toBeNull();
  });

  it('runs queued commands and raw ones in the order they were queued', async () => {
    const redis = client();
    const connection = RespConnection.like(redis);
    const recorded = new RecordedTransaction();
    recorded.tx.rpush('order', 'first').rpush('order', 2);
    recorded.tx.raw(
      Buffer.concat([encodeCommand(['RPUSH', 'order', 'raw']), encodeCommand(['SET', 'k', 'a'])]),
      2,
    );
    recorded.tx.set('k', 'b').rpush('order', 'last');
    expect(recorded.count).toBe(6);
    const replies = await connection.send([MULTI, ...recorded.parts, EXEC], recorded.count + 2);
    expect(replies.at(-1)).toEqual([1, 2, 3, 'OK', 'OK', 4]);
    expect(await redis.lrange('order', 0, -1)).toEqual(['first', '2', 'raw', 'last']);
    expect(await redis.get('k')).toBe('b');
  });

  it('records writes only: a read cannot be queued in a projection transaction', () => {
    const recorded = new RecordedTransaction();
    // @ts-expect-error reads are not part of a transaction's type
    expect(recorded.tx.hgetall).toBeUndefined();
    recorded.tx.hset('hash', 'field', 'value');
    expect(recorded.count).toBe(1);
  });

  it('writes to the database of the client it goes with, under its name', async () => {
    const redis = new Redis(`${redisServer.url}/3`, { connectionName: 'projector:test' });
    opened.push(redis);
    await RespConnection.like(redis).call('SET', 'where', 'db3');
    expect(await RespConnection.like(redis).call('CLIENT', 'GETNAME')).toBe('projector:test:writer');
    expect(await redis.get('where')).toBe('db3');
    expect(await client(0).get('where')).toBeNull();
  });

  it('signs in with the password of the client it goes with', async () => {
    // The private Redis of every test file asks for a password (see startLocalRedis).
    const url = new URL(redisServer.url);
    const password = decodeURIComponent(url.password);
    const signedIn = new Redis({ host: url.hostname, port: Number(url.port), password });
    opened.push(signedIn);
    expect(await RespConnection.like(signedIn).call('PING')).toBe('PONG');
    const wrong = new Redis({
      host: url.hostname,
      port: Number(url.port),
      password: 'nope',
      lazyConnect: true,
    });
    const refused = new RespConnection({ ...wrong.options });
    await expect(refused.call('PING')).rejects.toThrow(/WRONGPASS/);
    await expect(refused.call('PING')).rejects.toThrow(/WRONGPASS/); // tried afresh, not stuck
    refused.close();
  });

  it('fails what is waiting when the connection drops, and connects again for the next call', async () => {
    const redis = client();
    const connection = RespConnection.like(redis);
    const id = await connection.call('CLIENT', 'ID');
    const waiting = connection.call('BLPOP', 'nothing-comes', 0).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await client().client('KILL', 'ID', String(id));
    expect(String(await waiting)).toMatch(/lost its Redis connection/);
    expect(await connection.call('PING')).toBe('PONG');
    expect(await connection.call('CLIENT', 'ID')).not.toBe(id);
  });

  it('is closed with its client', async () => {
    const redis = client();
    const connection = RespConnection.like(redis);
    await connection.call('PING');
    const ended = new Promise((resolve) => redis.once('end', resolve));
    await redis.quit();
    await ended;
    await expect(connection.call('PING')).rejects.toThrow(/closed/);
    expect(RespConnection.like(redis)).not.toBe(connection);
  });
});
