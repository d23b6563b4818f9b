/** A small structured logger: one line per entry, human-readable, with the service name. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(name: string): Logger;
}

let threshold: LogLevel = (process.env.LOG_LEVEL as LogLevel | undefined) ?? 'info';
export function setLogLevel(level: LogLevel): void {
  threshold = level;
}

function format(fields: Record<string, unknown> | undefined): string {
  if (!fields) return '';
  const parts = Object.entries(fields).map(([key, value]) => {
    const text =
      value instanceof Error ? value.message : typeof value === 'string' ? value : JSON.stringify(value);
    return `${key}=${text}`;
  });
  return parts.length > 0 ? ` ${parts.join(' ')}` : '';
}

export function createLogger(name: string): Logger {
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (RANK[level] < RANK[threshold]) return;
    const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} [${name}] ${message}${format(fields)}\n`;
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (child) => createLogger(`${name}:${child}`),
  };
}
