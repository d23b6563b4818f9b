// The preparing thread (prepare-thread.ts) when the projector runs from its TypeScript source
// (the tests, `npm run service`): tsx compiles it, as it does the projector's own thread.
import { register } from 'tsx/esm/api';

register();
await import('./prepare-thread.ts');
