/**
 * The schemas the first page's code checks server answers with (the session, the "starting"
 * answer), in a module of their own that is loaded the first time one is needed: zod and the
 * contracts' schemas are then not part of the first download, and a guest may never need them.
 */
export {
  authResponse,
  currentUserResponse,
  publicHealthResponse,
  startingAnswer,
  startingMessage,
} from '@cinefold/contracts';
