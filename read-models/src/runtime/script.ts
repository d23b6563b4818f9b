import type { Redis } from 'ioredis';

type Argument = string | number | Buffer;

/**
 * A Lua script run as a command of its own on each connection (`defineCommand`): sent by its SHA
 * once Redis knows it, not its whole text at every call (several kilobytes for the scripts that
 * carry the chunked order's functions, on every page of a listing). The arguments are as EVAL
 * takes them after the script: the number of keys, the keys, the rest. With `replies: 'buffers'`,
 * the script's strings come back as Buffers (binary values, such as the catalogue's documents).
 */
export function luaScript(
  name: string,
  lua: string,
  replies: 'strings' | 'buffers' = 'strings',
): (redis: Redis, ...args: Argument[]) => Promise<unknown> {
  const command = `cinefold_${name}`;
  return (redis, ...args) => {
    if (!(command in redis)) redis.defineCommand(command, { lua });
    // ioredis defines each command twice: `name` replies in strings, `nameBuffer` in Buffers.
    const method = replies === 'buffers' ? `${command}Buffer` : command;
    const run = (redis as unknown as Record<string, (...a: Argument[]) => Promise<unknown>>)[method]!;
    return run.apply(redis, args);
  };
}
