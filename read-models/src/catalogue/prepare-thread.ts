/**
 * The program of the thread that indexes and packs an import's batches (`packed-imports.ts`).
 */
import { parentPort } from 'node:worker_threads';
import { packImports, ReportedLists, type ThreadReply, type ThreadRequest } from './packed-imports.js';

const reported = new ReportedLists();

parentPort!.on('message', ({ id, request }: ThreadRequest) => {
  let reply: ThreadReply;
  try {
    reply = { id, packed: packImports(request, reported) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  // The packed writes are copies the thread keeps no use for: handed over, not copied again.
  const transfer =
    'packed' in reply ? Object.values(reply.packed.types).map((t) => t.commands.buffer as ArrayBuffer) : [];
  parentPort!.postMessage(reply, transfer);
});
