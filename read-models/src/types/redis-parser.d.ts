/** The RESP parser ioredis uses (it ships no types of its own). */
declare module 'redis-parser' {
  interface ParserOptions {
    returnReply(reply: unknown): void;
    returnError(error: Error): void;
    returnFatalError?(error: Error): void;
    returnBuffers?: boolean;
    stringNumbers?: boolean;
  }
  export default class RedisParser {
    constructor(options: ParserOptions);
    execute(buffer: Buffer): void;
    reset(): void;
  }
}
