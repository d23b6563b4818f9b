/**
 * An in-process stand-in for the slice of EventStoreDB's gRPC API that `createEsdbEventStore` drives,
 * so that the adapter's own code (mapping, paging, batching, error translation) runs in CI, where no
 * EventStoreDB server exists.
 *
 * It is NOT a replacement for the real server and proves nothing about it: storage, ordering,
 * concurrency and protocol edge cases of EventStoreDB itself are only exercised by running the same
 * contract suite with EVENTSTORE_CONNECTION_STRING pointing at a real server.
 *
 * Built on the protocol definitions shipped inside @kurrent/kurrentdb-client and backed by one in-memory
 * array. It serves ServerFeatures (advertising only what follows, so the client appends through the
 * unary Append rather than BatchAppend), Streams.Append with the four expected-revision cases,
 * Streams.Read of one stream forwards or backwards and of $all forwards or backwards with a filter, and catch-up
 * subscriptions to $all that go live. Every other call answers UNIMPLEMENTED.
 */
import { randomUUID } from 'node:crypto';
import featuresGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb.js';
import type * as Features from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb.js';
import featuresPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb.js';
import type * as Shared from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb.js';
import sharedPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb.js';
import streamsGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb.js';
import type * as Streams from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import streamsPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import {
  Server,
  ServerCredentials,
  type ServerReadableStream,
  type ServerUnaryCall,
  type ServerWritableStream,
  type sendUnaryData,
  status,
} from '@grpc/grpc-js';

export interface EsdbStandIn {
  readonly connectionString: string;
  stop(): Promise<void>;
}

interface StoredEvent {
  readonly stream: string;
  readonly revision: bigint;
  /** Commit and prepare position alike: the stand-in has no explicit transactions. */
  readonly position: bigint;
  readonly id: string;
  readonly type: string;
  readonly contentType: string;
  /** .NET ticks since the Unix epoch, as the server sends them. */
  readonly created: string;
  readonly data: Uint8Array;
  readonly customMetadata: Uint8Array;
}

const { AppendResp, ReadReq, ReadResp } = streamsPb;
const Revision = streamsPb.AppendReq.Options.ExpectedStreamRevisionCase;
const AllFrom = ReadReq.Options.AllOptions.AllOptionCase;
const StreamFrom = ReadReq.Options.StreamOptions.RevisionOptionCase;
const STREAMS_SERVICE = 'event_store.client.streams.Streams';
const FEATURES_SERVICE = 'event_store.client.server_features.ServerFeatures';

export async function startEsdbStandIn(): Promise<EsdbStandIn> {
  const log: StoredEvent[] = [];
  const streams = new Map<string, StoredEvent[]>();
  const subscribers = new Set<(event: StoredEvent) => void>();
  // Positions are offsets into a pretend transaction log, so an adapter that treats them as dense
  // indexes (position + 1 = next event) fails here as it would against the real server.
  let nextPosition = 128n;

  const record = (stream: string, id: string, message: Streams.AppendReq.ProposedMessage): StoredEvent => {
    const events = streams.get(stream) ?? [];
    const metadata = message.getMetadataMap();
    const event: StoredEvent = {
      stream,
      revision: BigInt(events.length),
      position: nextPosition,
      id,
      type: metadata.get('type') ?? '',
      contentType: metadata.get('content-type') ?? 'application/octet-stream',
      created: String(BigInt(Date.now()) * 10_000n),
      data: message.getData_asU8(),
      customMetadata: message.getCustomMetadata_asU8(),
    };
    nextPosition += BigInt(96 + stream.length + event.data.length + event.customMetadata.length);
    events.push(event);
    streams.set(stream, events);
    log.push(event);
    return event;
  };

  // Real servers write their own records into $all before any application event; one of them here
  // makes the adapter prove that it hides them (a fresh store must still report START as its head).
  const seed = new streamsPb.AppendReq.ProposedMessage();
  seed.getMetadataMap().set('type', '$stand-in-started').set('content-type', 'application/json');
  seed.setData(Buffer.from('{}'));
  record('$stand-in', '00000000-0000-0000-0000-000000000001', seed);

  const append = (
    call: ServerReadableStream<Streams.AppendReq, Streams.AppendResp>,
    callback: sendUnaryData<Streams.AppendResp>,
  ) => {
    let options: Streams.AppendReq.Options | undefined;
    const proposed: Streams.AppendReq.ProposedMessage[] = [];
    call.on('data', (request: Streams.AppendReq) => {
      options ??= request.getOptions();
      const message = request.getProposedMessage();
      if (message) proposed.push(message);
    });
    call.on('end', () => {
      if (!options) {
        callback({ code: status.INVALID_ARGUMENT, details: 'the first append message carries no options' });
        return;
      }
      // Everything from the check to the last write runs in one synchronous turn, which is what
      // makes concurrent appends atomic here.
      const stream = streamName(options.getStreamIdentifier());
      const current = streams.get(stream)?.length;
      const revision = current === undefined ? null : BigInt(current - 1);
      const expected = options.getExpectedStreamRevisionCase();
      const accepted =
        expected === Revision.ANY ||
        (expected === Revision.NO_STREAM && revision === null) ||
        (expected === Revision.STREAM_EXISTS && revision !== null) ||
        (expected === Revision.REVISION && revision !== null && revision === BigInt(options.getRevision()));
      const response = new AppendResp();
      if (!accepted) {
        const wrong = new AppendResp.WrongExpectedVersion();
        if (revision === null) wrong.setCurrentNoStream(new sharedPb.Empty());
        else wrong.setCurrentRevision(String(revision));
        if (expected === Revision.REVISION) wrong.setExpectedRevision(options.getRevision());
        else if (expected === Revision.NO_STREAM) wrong.setExpectedNoStream(new sharedPb.Empty());
        else if (expected === Revision.STREAM_EXISTS) wrong.setExpectedStreamExists(new sharedPb.Empty());
        else wrong.setExpectedAny(new sharedPb.Empty());
        callback(null, response.setWrongExpectedVersion(wrong));
        return;
      }
      const ids = proposed.map((message) => message.getId()?.getString() ?? '');
      if (ids.some((id) => id === '')) {
        callback({ code: status.INVALID_ARGUMENT, details: 'the stand-in only accepts string event ids' });
        return;
      }
      const written = proposed.map((message, i) => record(stream, ids[i]!, message));
      const success = new AppendResp.Success();
      const last = written.at(-1);
      if (last) {
        const position = new AppendResp.Position();
        position.setCommitPosition(String(last.position)).setPreparePosition(String(last.position));
        success.setCurrentRevision(String(last.revision)).setPosition(position);
      } else {
        if (revision === null) success.setNoStream(new sharedPb.Empty());
        else success.setCurrentRevision(String(revision));
        success.setNoPosition(new sharedPb.Empty());
      }
      callback(null, response.setSuccess(success));
      for (const event of written) for (const deliver of subscribers) deliver(event);
    });
  };

  const read = (call: ServerWritableStream<Streams.ReadReq, Streams.ReadResp>) => {
    const options = call.request.getOptions();
    const refuse = (details: string) => call.emit('error', { code: status.UNIMPLEMENTED, details });
    if (!options) return refuse('a read without options');
    if (options.getUuidOption()?.hasStructured()) return refuse('structured event ids');
    const backwards = options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
    const matches = filterOf(options);

    const streamOptions = options.getStream();
    if (streamOptions) {
      const stream = streamName(streamOptions.getStreamIdentifier());
      const events = streams.get(stream);
      if (!events) {
        const notFound = new ReadResp.StreamNotFound();
        notFound.setStreamIdentifier(streamOptions.getStreamIdentifier());
        call.write(new ReadResp().setStreamNotFound(notFound));
        call.end();
        return;
      }
      const fromCase = streamOptions.getRevisionOptionCase();
      if (backwards) {
        // Like the server: from a revision inclusive, or from the newest event, newest first.
        const from =
          fromCase === StreamFrom.REVISION ? Number(streamOptions.getRevision()) : events.length - 1;
        const selected = events.slice(Math.max(0, from - count(options) + 1), from + 1).reverse();
        for (const event of selected) call.write(toReadResp(event));
        call.end();
        return;
      }
      if (fromCase === StreamFrom.END) return refuse('reading a stream from its end');
      const from = fromCase === StreamFrom.REVISION ? Number(streamOptions.getRevision()) : 0;
      for (const event of events.slice(from, from + count(options))) call.write(toReadResp(event));
      call.end();
      return;
    }

    const all = options.getAll();
    if (!all) return refuse('a read of neither a stream nor $all');
    const allFrom = all.getAllOptionCase();
    const position = BigInt(all.getPosition()?.getCommitPosition() ?? '0');

    if (options.hasSubscription()) {
      // Subscriptions start strictly after their position; catch-up and going live happen in the
      // same turn, so no append can fall between them.
      const confirmation = new ReadResp.SubscriptionConfirmation();
      confirmation.setSubscriptionId(randomUUID());
      call.write(new ReadResp().setConfirmation(confirmation));
      const past =
        allFrom === AllFrom.END ? [] : log.filter((e) => allFrom === AllFrom.START || e.position > position);
      for (const event of past.filter(matches)) call.write(toReadResp(event));
      call.write(new ReadResp().setCaughtUp(new ReadResp.CaughtUp()));
      const deliver = (event: StoredEvent) => {
        if (matches(event)) call.write(toReadResp(event));
      };
      subscribers.add(deliver);
      const forget = () => subscribers.delete(deliver);
      call.on('cancelled', forget);
      call.on('close', forget);
      return;
    }

    // Like the server: forwards reads include the event at the position, backwards reads stop before it.
    const selected = backwards
      ? log
          .filter((e) => allFrom === AllFrom.END || (allFrom === AllFrom.POSITION && e.position < position))
          .reverse()
      : log.filter(
          (e) => allFrom === AllFrom.START || (allFrom === AllFrom.POSITION && e.position >= position),
        );
    for (const event of selected.filter(matches).slice(0, count(options))) call.write(toReadResp(event));
    call.end();
  };

  /**
   * A soft delete, as the server's: the stream reads as absent at once and its events stay in $all
   * (the server drops them at its next scavenge, which the stand-in never runs). Unlike the server,
   * a stream appended to again starts over at revision 0.
   */
  const deleteStream = (
    call: ServerUnaryCall<Streams.DeleteReq, Streams.DeleteResp>,
    callback: sendUnaryData<Streams.DeleteResp>,
  ) => {
    const options = call.request.getOptions();
    if (!options) {
      callback({ code: status.INVALID_ARGUMENT, details: 'a delete without options' });
      return;
    }
    if (!options.hasAny()) {
      callback({ code: status.UNIMPLEMENTED, details: 'deletes expecting a revision' });
      return;
    }
    streams.delete(streamName(options.getStreamIdentifier()));
    const position = new streamsPb.DeleteResp.Position();
    position.setCommitPosition(String(nextPosition)).setPreparePosition(String(nextPosition));
    callback(null, new streamsPb.DeleteResp().setPosition(position));
  };

  const getSupportedMethods = (_call: unknown, callback: sendUnaryData<Features.SupportedMethods>) => {
    const supported = new featuresPb.SupportedMethods();
    for (const [service, method] of [
      [STREAMS_SERVICE, 'read'],
      [STREAMS_SERVICE, 'append'],
      [STREAMS_SERVICE, 'delete'],
      [FEATURES_SERVICE, 'getSupportedMethods'],
    ] as const) {
      supported.addMethods(new featuresPb.SupportedMethod().setServiceName(service).setMethodName(method));
    }
    callback(null, supported.setEventStoreServerVersion('0.0.0-stand-in'));
  };

  const server = new Server();
  server.addService(streamsGrpc.StreamsService, { read, append, delete: deleteStream });
  server.addService(featuresGrpc.ServerFeaturesService, { getSupportedMethods });
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  });

  return {
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    async stop() {
      subscribers.clear();
      // Open subscriptions never end by themselves, so a graceful shutdown would wait for ever.
      server.forceShutdown();
    },
  };
}

function streamName(identifier: Shared.StreamIdentifier | undefined): string {
  return Buffer.from(identifier?.getStreamName_asU8() ?? []).toString('utf8');
}

function count(options: Streams.ReadReq.Options): number {
  return options.hasCount() ? Number(options.getCount()) : Number.MAX_SAFE_INTEGER;
}

function filterOf(options: Streams.ReadReq.Options): (event: StoredEvent) => boolean {
  const filter = options.getFilter();
  const onType = filter?.hasEventType() ?? false;
  const expression = onType ? filter?.getEventType() : filter?.getStreamIdentifier();
  if (!expression) return () => true;
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : null;
  const prefixes = expression.getPrefixList();
  return (event) => {
    const subject = onType ? event.type : event.stream;
    return (
      (!regex || regex.test(subject)) &&
      (prefixes.length === 0 || prefixes.some((p) => subject.startsWith(p)))
    );
  };
}

function toReadResp(event: StoredEvent): Streams.ReadResp {
  const recorded = new ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(new sharedPb.UUID().setString(event.id));
  recorded.setStreamIdentifier(
    new sharedPb.StreamIdentifier().setStreamName(Buffer.from(event.stream, 'utf8')),
  );
  recorded.setStreamRevision(String(event.revision));
  recorded.setCommitPosition(String(event.position)).setPreparePosition(String(event.position));
  recorded
    .getMetadataMap()
    .set('type', event.type)
    .set('content-type', event.contentType)
    .set('created', event.created);
  recorded.setCustomMetadata(event.customMetadata).setData(event.data);
  const readEvent = new ReadResp.ReadEvent().setEvent(recorded).setCommitPosition(String(event.position));
  return new ReadResp().setEvent(readEvent);
}
