import { startLocalRedis, connectRedis } from '@cinefold/platform';
const server = await startLocalRedis();
const redis = connectRedis(server.url, { name: 'x' });
const ids = Array.from({ length: 65000 }, (_, i) => 1 + i * 17);
for (let i = 0; i < ids.length; i += 5000) await redis.sadd('s', ...ids.slice(i, i + 5000));
const bin = Buffer.alloc(ids.length * 4);
ids.forEach((v, i) => bin.writeUInt32LE(v, i * 4));
await redis.set('b', bin);
for (let round = 0; round < 3; round++) {
  let t = performance.now();
  for (let i = 0; i < 20; i++) await redis.smembers('s');
  console.log('smembers 65k', ((performance.now() - t) / 20).toFixed(2), 'ms');
  t = performance.now();
  for (let i = 0; i < 20; i++) {
    const b = await redis.getBuffer('b');
    new Int32Array(b!.buffer, b!.byteOffset, b!.length / 4);
  }
  console.log('getBuffer 260KB', ((performance.now() - t) / 20).toFixed(2), 'ms');
  t = performance.now();
  for (let i = 0; i < 20; i++) await redis.scard('s');
  console.log('scard', ((performance.now() - t) / 20).toFixed(3), 'ms');
}
redis.disconnect();
await server.stop();
