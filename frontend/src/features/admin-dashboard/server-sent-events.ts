/** One message of a server-sent event stream, as the HTML standard's parser dispatches it. */
export interface ServerSentEvent {
  readonly id: string | null;
  readonly event: string;
  readonly data: string;
}

/**
 * Reads a `text/event-stream` fed in pieces as they arrive (a piece may end mid-line). The
 * browser's EventSource does this itself, but it cannot send the Authorization header, so the
 * dashboard reads its stream with `fetch` and this parser.
 */
export class ServerSentEventParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | null = null;
  /** The last `retry:` the server sent, in milliseconds. */
  retry: number | null = null;

  /** Feeds a piece of the stream; returns the messages it completed. */
  push(piece: string): ServerSentEvent[] {
    this.buffer += piece;
    const messages: ServerSentEvent[] = [];
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      // A lone \r at the end may be the first half of \r\n: wait for the next piece.
      if (end === -1 || (end === this.buffer.length - 1 && this.buffer.endsWith('\r'))) break;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + (this.buffer.startsWith('\r\n', end) ? 2 : 1));
      const message = this.line(line);
      if (message) messages.push(message);
    }
    return messages;
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return null;
      }
      const message = { id: this.id, event: this.event || 'message', data: this.data.join('\n') };
      this.data = [];
      this.event = '';
      return message;
    }
    if (line.startsWith(':')) return null; // a comment: the server's heartbeat
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    return null;
  }
}
