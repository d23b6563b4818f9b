/** See service.mjs. */
export function compiledProgram(program: 'gateway' | 'projectors', args: readonly string[]): string[];
export function buildServer(): void;
