import { describe, expect, it } from 'vitest';
import { ServerSentEventParser } from './server-sent-events';

describe('reading a server-sent event stream', () => {
  it('dispatches a message at each blank line, with its id and event name', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('retry: 2000\n\nid: 7\nevent: dashboard\ndata: {"visitorsNow":3}\n\n')).toEqual([
      { id: '7', event: 'dashboard', data: '{"visitorsNow":3}' },
    ]);
    expect(parser.retry).toBe(2000);
  });

  it('puts together a message that arrives in pieces split anywhere, CRLF included', () => {
    const parser = new ServerSentEventParser();
    const stream = 'id: 8\r\nevent: dashboard\r\ndata: {"a":\r\ndata: 1}\r\n\r\n';
    const messages = [...stream].flatMap((character) => parser.push(character));
    expect(messages).toEqual([{ id: '8', event: 'dashboard', data: '{"a":\n1}' }]);
  });

  it('skips heartbeat comments and keeps the last id for a message without one', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push(': heartbeat\n\nid: 9\ndata: x\n\n: heartbeat\n\ndata: y\n\n')).toEqual([
      { id: '9', event: 'message', data: 'x' },
      { id: '9', event: 'message', data: 'y' },
    ]);
  });
});
