/**
 * The program of the thread that indexes and packs an import's batches (`packed-imports.ts`).
 */
import { parentPort } from 'node:worker_threads';
import { packImports, type PackReply, type PackRequest } from './packed-imports.js';

parentPort!.on('message', (request: PackRequest) => {
  let reply: PackReply;
  try {
    reply = packImports(request);
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  // The packed writes are copies the thread keeps no use for: handed over, not copied again.
  const transfer =
    'types' in reply ? Object.values(reply.types).map((t) => t.commands.buffer as ArrayBuffer) : [];
  parentPort!.postMessage(reply, transfer);
});
