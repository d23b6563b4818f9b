import { useState } from 'react';
import { defaultServer, type PlayerServer } from '../player';

/** The chosen server, starting from the one that suits this device. */
export function usePlayerServer() {
  return useState<PlayerServer>(() => defaultServer(navigator.userAgent));
}
